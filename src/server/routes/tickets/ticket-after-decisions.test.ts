import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPaths, type Ticket, type TicketListItem } from '#shared/api/tickets.ts';
import { instruments, tickets } from '#server/db/schema/tickets.ts';
import { pdfText } from '../../../../tests/setup/pdf-text.ts';
import type { TestApp } from '../../../../tests/setup/test-app.ts';
import {
  decide,
  insertStatement,
  insertTicket,
  insertTradeIn,
  appWithClinic,
  type Clinic,
  paths,
} from '../../../../tests/setup/decisions-world.ts';

// What the clinic sees once it has decided (ADR 0021: the ticket must not ask for what was already
// done): the ticket stops asking for a decision on the page and in the list alike, its cost leaves
// out what will not be repaired, and the clinic's own words stay on the statement.

let t: TestApp;
let me: Clinic;

beforeAll(async () => {
  ({ t, me } = await appWithClinic());
  await insertTradeIn(t, { id: 1, title: 'Скалер новый' });
});
afterAll(() => t?.close());

async function ticketPage(id: number): Promise<Ticket> {
  const response = await t.request(`/ajax/cabinet/tickets/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: Ticket }).ticket;
}

async function listed(id: number, query = ''): Promise<TicketListItem | undefined> {
  const response = await t.request(`/ajax/cabinet/tickets${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: TicketListItem[] }).data.find((item) => item.id === id);
}

async function ok(response: Response): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A ticket waiting for the clinic with three quotes: 1 000, 2 000 and 4 000 ₽. */
async function threeQuotes() {
  const ticketId = await insertTicket(t, me.id);
  const a = await insertStatement(t, ticketId, { sum: '1000.00' });
  const b = await insertStatement(t, ticketId, { sum: '2000.00', tradeIsEnabled: true });
  const c = await insertStatement(t, ticketId, { sum: '4000.00' });
  return { ticketId, a, b, c };
}

/** The clinic approves quote `a` and rejects quote `b` ('Дорогой ремонт'), both at the version it saw first. */
async function approveFirstRejectSecond(ticketId: number, a: { id: number }, b: { id: number }) {
  await ok(await decide(t, paths.approve, { ticket_id: ticketId, defects: [{ id: a.id, version: 1 }] }));
  await ok(
    await decide(t, paths.reject, {
      ticket_id: ticketId,
      defects: [{ id: b.id, version: 1 }],
      comment: 'Дорогой ремонт',
    }),
  );
}

describe('a ticket after the clinic decided', () => {
  it('asks while a quote waits, and stops asking on the page and in the list once none does', async () => {
    const { ticketId, a, b, c } = await threeQuotes();
    expect(await ticketPage(ticketId)).toMatchObject({
      status: 'Требует согласования',
      status_code: 5,
      cost: '7000.00',
    });
    expect(await listed(ticketId)).toMatchObject({
      status: 'Требует согласования',
      status_code: 5,
      dv_approve_need: true,
    });

    await approveFirstRejectSecond(ticketId, a, b);
    // One still waits: the ticket still asks.
    expect(await listed(ticketId)).toMatchObject({ status_code: 5, dv_approve_need: true });
    await ok(
      await decide(t, paths.discuss, {
        ticket_id: ticketId,
        defect: { id: c.id, version: 1 },
        comment: 'Можно ли без замены ротора?',
      }),
    );

    // A question still waits for the service centre's answer: not 'Работы согласованы' yet.
    const page = await ticketPage(ticketId);
    const row = await listed(ticketId);
    expect(page).toMatchObject({ status: 'Ожидает одобрения', status_code: 1 });
    expect(row).toMatchObject({ status: 'Ожидает одобрения', status_code: 1, dv_approve_need: false });
    // The rejected quote is not part of the cost of works any more.
    expect(page.cost).toBe('5000.00');
    const comments = Object.fromEntries(page.defective_lists.map((s) => [s.id, s.decision_comment]));
    expect(comments).toEqual({ [a.id]: null, [b.id]: 'Дорогой ремонт', [c.id]: 'Можно ли без замены ротора?' });
    expect(await listed(ticketId, '?status=1')).toBeDefined();

    // The service centre answers by agreeing the discussed works: now they are all agreed.
    expect((await t.integration(`/defects/${c.id}`, { method: 'PATCH', json: { status: 2 } })).status).toBe(200);
    expect(await ticketPage(ticketId)).toMatchObject({ status: 'Работы согласованы', status_code: 6 });
    expect(await listed(ticketId)).toMatchObject({
      status: 'Работы согласованы',
      status_code: 6,
      dv_approve_need: false,
    });
    // The status filter finds the ticket under the status it shows, not under the stored one.
    expect(await listed(ticketId, '?status=6')).toBeDefined();
    expect(await listed(ticketId, '?status=5')).toBeUndefined();
    expect(await listed(ticketId, '?status=1')).toBeUndefined();
  });

  it("shows 'Ожидает одобрения' when nothing was agreed, and leaves a traded-in quote out of the cost", async () => {
    const { ticketId, a, b, c } = await threeQuotes();
    await ok(
      await decide(t, paths.reject, {
        ticket_id: ticketId,
        defects: [
          { id: a.id, version: 1 },
          { id: c.id, version: 1 },
        ],
        comment: 'Дорогой ремонт',
      }),
    );
    await ok(
      await decide(t, paths.discuss, {
        ticket_id: ticketId,
        defect: { id: b.id, version: 1 },
        comment: 'Какая гарантия?',
      }),
    );
    expect(await ticketPage(ticketId)).toMatchObject({ status: 'Ожидает одобрения', status_code: 1, cost: '2000.00' });
    expect(await listed(ticketId, '?status=1')).toMatchObject({ status_code: 1, dv_approve_need: false });

    const other = await threeQuotes();
    await ok(
      await decide(t, paths.tradeIn, {
        ticket_id: other.ticketId,
        defect: { id: other.b.id, version: 1 },
        instrument_id: 1,
      }),
    );
    await ok(
      await decide(t, paths.approve, {
        ticket_id: other.ticketId,
        defects: [
          { id: other.a.id, version: 1 },
          { id: other.c.id, version: 1 },
        ],
      }),
    );
    expect(await ticketPage(other.ticketId)).toMatchObject({ status_code: 6, cost: '5000.00' });
  });

  it("lets the back office's later status win", async () => {
    const { ticketId, a, b, c } = await threeQuotes();
    await ok(
      await decide(t, paths.approve, {
        ticket_id: ticketId,
        defects: [a, b, c].map((s) => ({ id: s.id, version: 1 })),
      }),
    );
    await t.db.update(tickets).set({ status: 7 }).where(eq(tickets.id, ticketId));
    expect(await ticketPage(ticketId)).toMatchObject({ status: 'Закрыта', status_code: 7 });
    expect(await listed(ticketId)).toMatchObject({ status: 'Закрыта', status_code: 7 });
  });

  it('names an instrument of its own type with its own name', async () => {
    const ticketId = await insertTicket(t, me.id);
    await t.db.insert(instruments).values({
      ticketId,
      serialNumber: 'OWN-1',
      type: 12,
      name: 'Фотополимерная лампа',
      description: 'Не включается',
      status: 1,
    });
    expect((await ticketPage(ticketId)).instruments).toEqual([
      expect.objectContaining({ serial_number: 'OWN-1', type: 12, name: 'Фотополимерная лампа' }),
    ]);
  });
});

describe('the ticket PDF after decisions', () => {
  it("prints an own instrument's name and each statement's decision", async () => {
    const { ticketId, a, b } = await threeQuotes();
    await t.db.insert(instruments).values({
      ticketId,
      serialNumber: 'OWN-2',
      type: 12,
      name: null,
      description: 'Лампа полимеризационная',
      status: 1,
    });
    await approveFirstRejectSecond(ticketId, a, b);
    const response = await t.request(downloadPaths.ticketPdf(ticketId));
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain('1. Лампа полимеризационная, серийный номер OWN-2');
    expect(text).not.toContain('Свой вариант');
    expect(text).toMatch(/SN-1 · Работы согласованы/);
    expect(text).toMatch(/SN-1 · Отказ от ремонта/);
    expect(text).toMatch(/SN-1 · Требует согласования/);
    expect(text).toMatch(/Итого стоимость работ: 5\s000,00\s₽/);
  });
});
