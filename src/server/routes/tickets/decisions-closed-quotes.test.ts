import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionMessages, type ConflictDetails } from '#shared/screens/decisions.ts';
import { balance } from '#server/services/loyalty/points.ts';
import type { TestApp } from '../../../../tests/setup/test-app.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import {
  decide,
  decisionsFor,
  eventsFor,
  historyFor,
  appWithClinicAndShop,
  type Clinic,
  paths,
  statementRow,
} from '../../../../tests/setup/decisions-world.ts';
import { errorBody } from '../../../../tests/setup/json.ts';

// A quote the back office closed or cancelled, or a finished ticket, takes no decision from the
// clinic (cabinet.md §4): whatever the page, an old tab or the worker's outbox sends, the answer is
// a 409 saying what happened, and nothing is written — no decision, no event, no points moved.

let t: TestApp;
let me: Clinic;

beforeAll(async () => {
  ({ t, me } = await appWithClinicAndShop({
    points: 5000,
    gifts: [{ id: 1, cost: 300 }],
    tradeIns: [{ id: 1, title: 'Скалер новый' }],
  }));
});
afterAll(() => t.close());

async function patchDefect(id: number, json: Record<string, unknown>) {
  const response = await t.integration(`/defects/${id}`, { method: 'PATCH', json });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { version: number };
}

/** A quote on a ticket of the clinic's, then changed by the back office; the version the clinic sees. */
async function quoteThen(change: { defect?: Record<string, unknown>; ticket?: Record<string, unknown> }) {
  const ticket = await backOffice.ticket(t, me.id, { status: 5 });
  const quote = await backOffice.defect(t, ticket.id, { trade_is_enabled: true });
  let version = quote.version;
  if (change.defect) version = (await patchDefect(quote.id, change.defect)).version;
  if (change.ticket) {
    const response = await t.integration(`/tickets/${ticket.id}`, { method: 'PATCH', json: change.ticket });
    expect(response.status, await response.clone().text()).toBe(200);
  }
  return { ticketId: ticket.id, id: quote.id, version };
}

function everyDecision(ticketId: number, seen: { id: number; version: number }) {
  return [
    () => decide(t, paths.approve, { ticket_id: ticketId, defects: [seen], balls: 0, gift: null }),
    () => decide(t, paths.approve, { ticket_id: ticketId, defects: [seen], balls: 500, gift: null }),
    () => decide(t, paths.approve, { ticket_id: ticketId, defects: [seen], balls: 0, gift: 1 }),
    () => decide(t, paths.reject, { ticket_id: ticketId, defects: [seen], comment: 'Дорогой ремонт' }),
    () => decide(t, paths.discuss, { ticket_id: ticketId, defect: seen, comment: 'Почему так дорого?' }),
    () => decide(t, paths.tradeIn, { ticket_id: ticketId, defect: seen, instrument_id: 1 }),
  ];
}

const cases = [
  {
    what: 'a quote the back office cancelled',
    change: { defect: { status: 4 } },
    message: decisionMessages.statementCancelled,
  },
  {
    what: 'a quote the back office closed',
    change: { defect: { status: 3 } },
    message: decisionMessages.statementClosed,
  },
  {
    what: 'a quote of a finished ticket',
    change: { ticket: { finished: true } },
    message: decisionMessages.ticketFinished,
  },
];

describe('decisions on quotes no longer open', () => {
  for (const { what, change, message } of cases) {
    it(`${what}: every decision is 409 with what happened, nothing written, no points moved`, async () => {
      const quote = await quoteThen(change);
      const eventsBefore = await eventsFor(t, quote.id);
      const historyBefore = await historyFor(t, quote.id);
      const pointsBefore = await balance(t.db, me.id, new Date());
      for (const send of everyDecision(quote.ticketId, { id: quote.id, version: quote.version })) {
        const response = await send();
        expect(response.status).toBe(409);
        const body = await errorBody<ConflictDetails>(response);
        expect(body.message).toBe(message);
        expect(body.details.statements[0]).toMatchObject({ id: quote.id, agreed: 0 });
      }
      expect(await decisionsFor(t, quote.id)).toHaveLength(0);
      expect(await eventsFor(t, quote.id)).toEqual(eventsBefore);
      expect(await historyFor(t, quote.id)).toEqual(historyBefore);
      expect(await balance(t.db, me.id, new Date())).toBe(pointsBefore);
      expect((await statementRow(t, quote.id)).agreed).toBe(0);
    });
  }

  it('an approval of several quotes is refused whole when one of them was cancelled', async () => {
    const ticket = await backOffice.ticket(t, me.id, { status: 5 });
    const open = await backOffice.defect(t, ticket.id);
    const cancelled = await backOffice.defect(t, ticket.id);
    const { version } = await patchDefect(cancelled.id, { status: 4 });
    const response = await decide(t, paths.approve, {
      ticket_id: ticket.id,
      defects: [
        { id: open.id, version: open.version },
        { id: cancelled.id, version },
      ],
      balls: 0,
      gift: null,
    });
    expect(response.status).toBe(409);
    expect((await errorBody(response)).message).toBe(decisionMessages.statementCancelled);
    expect(await decisionsFor(t, open.id)).toHaveLength(0);
    expect((await statementRow(t, open.id)).agreed).toBe(0);
  });

  it("the clinic's own rejection stays 'already decided', not 'cancelled by the service centre'", async () => {
    const ticket = await backOffice.ticket(t, me.id, { status: 5 });
    const quote = await backOffice.defect(t, ticket.id);
    const seen = { id: quote.id, version: quote.version };
    expect(
      (await decide(t, paths.reject, { ticket_id: ticket.id, defects: [seen], comment: 'Дорогой ремонт' })).status,
    ).toBe(200);
    const again = await decide(t, paths.approve, {
      ticket_id: ticket.id,
      defects: [{ id: quote.id, version: quote.version + 1 }],
      balls: 0,
      gift: null,
    });
    expect(again.status).toBe(409);
    expect((await errorBody(again)).message).toBe(decisionMessages.alreadyDecided);
  });

  it('a quote reopened by the back office (status 1 again) takes a decision', async () => {
    const quote = await quoteThen({ defect: { status: 4 } });
    const { version } = await patchDefect(quote.id, { status: 1 });
    const response = await decide(t, paths.approve, {
      ticket_id: quote.ticketId,
      defects: [{ id: quote.id, version }],
      balls: 0,
      gift: null,
    });
    expect(response.status).toBe(200);
  });
});
