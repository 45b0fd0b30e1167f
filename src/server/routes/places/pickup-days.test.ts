import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import type { RepairRequestInput } from '#shared/screens/repair-requests.ts';
import { pickupClosedDays } from '#server/db/schema/places.ts';
import { repairRequests } from '#server/db/schema/repair-requests.ts';
import { tickets } from '#server/db/schema/tickets.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { insertOffice } from '../../../../tests/setup/cabinet-world.ts';
import { repairRequestWith } from '../../../../tests/setup/repair-request.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// Pickup days (portal.md §9, docs/api.md): the calendar the page gets, the back office's closed days, and the server
// refusing a day outside the rule — for a request sent now and for one the offline outbox replays.

let t: TestApp;
let clientId: number;
let email: string;
// Wednesday 2026-03-04: 11:00 and 12:00 in Moscow (UTC+3). Monday 9 March is Women's Day moved from Sunday.
const MORNING = '2026-03-04T08:00:00Z';
const NOON = '2026-03-04T09:00:00Z';
const refused = 'Выберите рабочий день в ближайшие 7 дней';

beforeAll(async () => {
  t = await createTestApp({ now: NOON });
  await insertOffice(t, 1);
  const account = await insertAccount(t);
  clientId = account.id;
  email = account.email;
  expect((await loginAs(t, email)).status).toBe(200);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow(NOON);
  await t.db.delete(pickupClosedDays);
});

function request(pickupDate: string, madeAt?: string): RepairRequestInput {
  return repairRequestWith({ pickup_date: pickupDate }, madeAt === undefined ? {} : { made_at: madeAt });
}

const send = (json: unknown) =>
  t.request('/ajax/repair-requests', { method: 'POST', json, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } });
const ticketCount = async () =>
  (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.clientId, clientId))).length;

async function expectRefused(json: unknown) {
  const before = await ticketCount();
  const response = await send(json);
  expect(response.status).toBe(422);
  expect(((await response.json()) as { errors?: Record<string, string[]> }).errors?.['address.pickup_date']).toEqual([
    refused,
  ]);
  expect(await ticketCount()).toBe(before);
}

const closeDay = (date: string, json: unknown = {}) =>
  t.integration(`/api/v1/pickup/closed-days/${date}`, { method: 'PUT', json });

describe('GET /ajax/repair-requests/pickup-calendar', () => {
  it('sends the cut-off hour and the closed days around the horizon: holidays and the back office’s', async () => {
    expect((await closeDay('2026-03-11')).status).toBe(200);
    const response = await t.request('/ajax/repair-requests/pickup-calendar', { cookies: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      cutoff_hour: 12,
      closed_days: ['2026-03-08', '2026-03-09', '2026-03-11'],
      open_days: [],
    });
  });

  it('follows the production calendar: 9 January and 31 December 2026 are days off by the decree', async () => {
    t.setNow('2026-01-08T06:00:00Z');
    const january = (await (await t.request('/ajax/repair-requests/pickup-calendar', { cookies: false })).json()) as {
      closed_days: string[];
    };
    expect(january.closed_days).toEqual(expect.arrayContaining(['2026-01-08', '2026-01-09']));
    expect(january.closed_days).not.toContain('2026-01-12');
    t.setNow('2026-12-29T06:00:00Z');
    const december = (await (await t.request('/ajax/repair-requests/pickup-calendar', { cookies: false })).json()) as {
      closed_days: string[];
    };
    expect(december.closed_days).toContain('2026-12-31');
  });
});

describe('the back office’s calendar at once (PUT /api/v1/pickup-calendar)', () => {
  const putCalendar = (json: unknown) => t.integration('/api/v1/pickup-calendar', { method: 'PUT', json });
  const listed = async () =>
    ((await (await t.integration('/api/v1/pickup/closed-days')).json()) as { data: { date: string }[] }).data.map(
      (day) => day.date,
    );

  it('makes the closed days from today on exactly the given ones; the wizard and the server follow', async () => {
    await closeDay('2026-03-11', { note: 'Инвентаризация' });
    await closeDay('2026-03-10');
    const response = await putCalendar({ closed: ['2026-03-16', '2026-03-11', '2026-03-11', '2026-03-01'] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ closed: ['2026-03-11', '2026-03-16'] });
    expect(await listed()).toEqual(['2026-03-11', '2026-03-16']);
    // A day kept keeps its note.
    const notes = (await (await t.integration('/api/v1/pickup/closed-days')).json()) as { data: { note: string }[] };
    expect(notes.data[0]!.note).toBe('Инвентаризация');
    const calendar = (await (await t.request('/ajax/repair-requests/pickup-calendar', { cookies: false })).json()) as {
      closed_days: string[];
    };
    expect(calendar.closed_days).toContain('2026-03-11');
    expect(calendar.closed_days).not.toContain('2026-03-10');

    expect(await (await putCalendar({ closed: [] })).json()).toEqual({ closed: [] });
    expect(await listed()).toEqual([]);
  });

  it('refuses a malformed or impossible date with a Russian 422 and changes nothing', async () => {
    await closeDay('2026-03-12');
    for (const closed of [['2026-02-30'], ['12.03.2026'], '2026-03-12', [42]]) {
      const response = await putCalendar({ closed });
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain('ГГГГ-ММ-ДД');
    }
    expect(await listed()).toEqual(['2026-03-12']);
  });
});

describe('the back office’s closed days (PUT/DELETE/GET /api/v1/pickup/closed-days)', () => {
  it('closes a day, lists it from today on, and opens it again', async () => {
    const put = await closeDay('2026-03-12', { note: 'Инвентаризация' });
    expect(await put.json()).toEqual({ date: '2026-03-12', note: 'Инвентаризация' });
    await closeDay('2026-03-01'); // over already: not listed
    expect(await (await t.integration('/api/v1/pickup/closed-days')).json()).toEqual({
      data: [{ date: '2026-03-12', note: 'Инвентаризация' }],
    });
    // Closing it again replaces the note.
    expect(await (await closeDay('2026-03-12', { note: 'Переезд' })).json()).toEqual({
      date: '2026-03-12',
      note: 'Переезд',
    });
    expect(await (await t.integration('/api/v1/pickup/closed-days/2026-03-12', { method: 'DELETE' })).json()).toEqual({
      date: '2026-03-12',
      deleted: true,
    });
    expect(await (await t.integration('/api/v1/pickup/closed-days/2026-03-12', { method: 'DELETE' })).json()).toEqual({
      date: '2026-03-12',
      deleted: false,
    });
  });

  it.each(['2026-02-30', '12.03.2026', 'завтра', '2026-3-12'])(
    'refuses the date %s with a Russian 422, never a 500',
    async (date) => {
      for (const method of ['PUT', 'DELETE']) {
        const response = await t.integration(`/api/v1/pickup/closed-days/${encodeURIComponent(date)}`, {
          method,
          json: method === 'PUT' ? {} : undefined,
        });
        expect(response.status, method).toBe(422);
        expect(((await response.json()) as { errors: Record<string, string[]> }).errors.date).toEqual([
          'Ожидается дата в формате ГГГГ-ММ-ДД, например "2026-03-02"',
        ]);
      }
      expect(await t.db.select().from(pickupClosedDays)).toEqual([]);
    },
  );

  it('refuses a long note and a call without the token', async () => {
    expect((await closeDay('2026-03-12', { note: 'я'.repeat(201) })).status).toBe(422);
    expect(
      (await t.integration('/api/v1/pickup/closed-days/2026-03-12', { method: 'PUT', json: {}, token: null })).status,
    ).toBe(401);
    expect(await t.db.select().from(pickupClosedDays)).toEqual([]);
  });
});

describe('POST /ajax/repair-requests: the pickup day', () => {
  it('takes today only before the cut-off hour', async () => {
    await expectRefused(request('2026-03-04'));
    t.setNow(MORNING);
    expect((await send(request('2026-03-04'))).status).toBe(200);
  });

  it('refuses a public holiday, a closed day, a weekend and a day past the horizon; takes the others', async () => {
    await closeDay('2026-03-10');
    for (const day of ['2026-03-09', '2026-03-10', '2026-03-07', '2026-03-12']) await expectRefused(request(day));
    const response = await send(request('2026-03-11'));
    expect(response.status).toBe(200);
    const { ticket_id: ticketId } = (await response.json()) as { ticket_id: number };
    const [saved] = await t.db
      .select({ pickupDate: repairRequests.pickupDate })
      .from(repairRequests)
      .where(eq(repairRequests.ticketId, ticketId));
    expect(saved).toEqual({ pickupDate: '2026-03-11' });
  });

  it('refuses the days the 2026 decree made off and takes the next working day', async () => {
    // A session lives by the test clock: log in at each moment, and again at the usual one after.
    try {
      t.setNow('2026-01-08T06:00:00Z'); // Thursday 09:00 in Moscow, itself a holiday
      expect((await loginAs(t, email)).status).toBe(200);
      await expectRefused(request('2026-01-09'));
      expect((await send(request('2026-01-12'))).status).toBe(200);
      t.setNow('2026-12-30T06:00:00Z');
      expect((await loginAs(t, email)).status).toBe(200);
      await expectRefused(request('2026-12-31'));
    } finally {
      t.setNow(NOON);
      await loginAs(t, email);
    }
  });

  it('keeps the day of a request the outbox replays a day later, unless the day is over', async () => {
    // Made on Tuesday at 11:00 for Wednesday; the network came back on Wednesday at 15:00.
    const tuesday = '2026-03-03T08:00:00.000Z';
    t.setNow('2026-03-04T12:00:00Z');
    expect((await send(request('2026-03-04', tuesday))).status).toBe(200);
    // Tuesday's horizon stays Tuesday's; Tuesday itself is over.
    await expectRefused(request('2026-03-11', tuesday));
    await expectRefused(request('2026-03-03', tuesday));
  });

  it('judges a made_at in the future or older than any queued request as now', async () => {
    // After noon: today is not offered whatever the page claims.
    await expectRefused(request('2026-03-04', '2026-03-05T06:00:00Z'));
    await expectRefused(request('2026-03-04', '2026-02-20T06:00:00Z'));
    const malformed = await send({ ...request('2026-03-05'), made_at: 'вчера' });
    expect(malformed.status).toBe(422);
  });
});
