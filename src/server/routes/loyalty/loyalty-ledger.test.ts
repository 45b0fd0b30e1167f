import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { historyEntries } from '#server/db/schema/tickets.ts';
import { pointsEntries } from '#server/db/schema/loyalty.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice, integrationCall } from '../../../../tests/setup/back-office.ts';
import { decide, paths } from '../../../../tests/setup/decisions-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { answerOf, errorBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

// The loyalty engine of ADR 0016 driven through the integration API and the clinic's decisions,
// with the test clock moved instead of any job: accrual, activation, expiry, spending order, the
// 30 % cap, returns, proportional annulment, whole-balance annulment, suspension, programme end.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

interface Points {
  balance: number;
  pending: number;
  entries: Array<{
    id: number;
    delta: number;
    state: string;
    reason: string;
    activates_at: string | null;
    expires_at: string | null;
  }>;
}

const call = <T = Record<string, unknown>>(path: string, method: string, json?: unknown, status?: number) =>
  integrationCall<T>(t, path, method, json, status);

const pointsOf = (clientId: number) => call<Points>(`/clients/${clientId}/points`, 'GET');

/**
 * A client that has taken part for long (since 2025), logged in as the test's browser: the tests
 * post operations paid before the clock's today, which earn only from the participation's start.
 */
async function participant() {
  const client = await backOffice.client(t);
  await t.db
    .update(clients)
    .set({ loyaltyParticipantSince: new Date('2025-01-01T00:00:00Z') })
    .where(eq(clients.id, client.id));
  expect((await loginAs(t, client.email, client.password)).status).toBe(200);
  return client;
}

const credit = (clientId: number, delta: number) =>
  call(`/clients/${clientId}/points`, 'POST', { delta, reason: 'Бонус' }, 201);

function approveWithPoints(ticketId: number, defectId: number, balls: number) {
  return decide(t, paths.approve, { ticket_id: ticketId, defects: [{ id: defectId, version: 1 }], balls });
}

async function spendOnNewStatement(clientId: number, balls: number, sum = '1000.00') {
  const ticket = await backOffice.ticket(t, clientId);
  const quote = await backOffice.defect(t, ticket.id, { sum });
  const response = await approveWithPoints(ticket.id, quote.id, balls);
  expect(response.status, await response.clone().text()).toBe(200);
  return quote;
}

describe('accrual on a paid bill', () => {
  it('is 5 % pending until paid_at + 2 days, then active for a year, then expired; once per bill', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    const bill = await backOffice.bill(t, client.id, { amount_document: '12345.50' });
    const paidAt = '2026-03-02T08:00:00Z';
    await call(`/bills/${bill.id}`, 'PATCH', { status: 'Оплачен', paid_at: paidAt });
    // 5 % of 12 345,50 ₽ = 617,275 → 617 points.
    expect(await pointsOf(client.id)).toMatchObject({
      balance: 0,
      pending: 617,
      entries: [
        {
          delta: 617,
          state: 'pending',
          activates_at: '2026-03-04T08:00:00.000Z',
          expires_at: '2027-03-04T08:00:00.000Z',
        },
      ],
    });
    // Marked paid again, unpaid and paid again: still one accrual.
    await call(`/bills/${bill.id}`, 'PATCH', { status: 'Оплачен' });
    await call(`/bills/${bill.id}`, 'PATCH', { status: 'Не оплачен' });
    await call(`/bills/${bill.id}`, 'PATCH', { status: 'Оплачен' });
    await call(`/bills/${bill.id}`, 'PATCH', { status: 'Оплачен', paid_at: '2026-03-02T08:30:00Z' });
    expect(
      (await t.db.select().from(pointsEntries).where(eq(pointsEntries.billId, bill.id))).map((e) => e.delta),
    ).toEqual([617]);

    t.setNow(new Date(Date.parse('2026-03-04T08:00:00Z') - 1));
    expect(await pointsOf(client.id)).toMatchObject({ balance: 0, pending: 617 });
    t.setNow('2026-03-04T08:00:00Z');
    expect(await pointsOf(client.id)).toMatchObject({ balance: 617, pending: 0, entries: [{ state: 'active' }] });
    const { user } = await answerOf(getUserData, await t.request('/ajax/user/data'));
    expect(user?.balls).toBe(617);
    t.setNow(new Date(Date.parse('2027-03-04T08:00:00Z') - 1));
    expect((await pointsOf(client.id)).balance).toBe(617);
    t.setNow('2027-03-04T08:00:00Z');
    expect(await pointsOf(client.id)).toMatchObject({ balance: 0, pending: 0, entries: [{ state: 'expired' }] });

    const changed = await t.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'points.changed'), eq(events.clientId, client.id)));
    expect(changed.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        delta: 617,
        kind: 'earned',
        state: 'pending',
        bill_id: bill.id,
        pending: 617,
        balance: 0,
      }),
    ]);
    const lines = await t.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.clientId, client.id), eq(historyEntries.subjectId, bill.id)));
    expect(lines.map((l) => l.description)).toContain(
      `Начислено 617\u00A0бонусов: оплата счёта №${await billNumber(bill.id)}; доступны с 04.03.2026 до 04.03.2027`,
    );
  });

  it('accrues on a bill posted as paid, with paid_at defaulting to now', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    await backOffice.bill(t, client.id, { amount_document: '1000.00', status: 'Оплачен' });
    expect(await pointsOf(client.id)).toMatchObject({
      balance: 0,
      pending: 50,
      entries: [{ activates_at: '2026-03-04T09:00:00.000Z' }],
    });
  });

  it('refuses a paid_at in the future with 422 and writes nothing', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    const bill = await backOffice.bill(t, client.id);
    const response = await t.integration(`/bills/${bill.id}`, {
      method: 'PATCH',
      json: { status: 'Оплачен', paid_at: '2026-03-03T09:00:00Z' },
    });
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors.paid_at).toEqual(['Дата оплаты не может быть позже текущего момента']);
    expect((await pointsOf(client.id)).entries).toEqual([]);
  });
});

async function billNumber(billId: number): Promise<string> {
  const [line] = await t.db
    .select()
    .from(historyEntries)
    .where(and(eq(historyEntries.subjectId, billId), eq(historyEntries.subjectType, 'Bill')));
  return /№(\S+)/.exec(line!.description)![1]!;
}

describe('spending', () => {
  it('takes the soonest-expiring active points first, whatever order they came in', async () => {
    t.setNow('2026-03-20T09:00:00Z');
    const client = await participant();
    await credit(client.id, 100); // expires 2027-03-20
    // Paid on 1 March: active since 3 March, expires 2027-03-03, sooner than the credit above.
    await call(
      '/loyalty/operations',
      'POST',
      {
        client_id: client.id,
        external_id: `ord-${client.id}`,
        paid_at: '2026-03-01T09:00:00Z',
        lines: [{ name: 'Набор боров', amount: '2000.00' }],
      },
      201,
    );
    expect((await pointsOf(client.id)).balance).toBe(200);
    await spendOnNewStatement(client.id, 150);
    const after = await pointsOf(client.id);
    expect(after.balance).toBe(50);
    expect(after.entries.map((e) => [e.delta, e.state])).toEqual([
      [100, 'active'],
      [100, 'spent'],
      [-150, 'spent'],
    ]);
    // On 10 March 2027 the operation's points would have expired: none were left there.
    t.setNow('2027-03-10T09:00:00Z');
    expect((await pointsOf(client.id)).balance).toBe(50);
  });

  it('never more than 30 % of the repair nor than the active balance (pending points do not count)', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    await credit(client.id, 1000);
    await backOffice.bill(t, client.id, { amount_document: '20000.00', status: 'Оплачен' }); // 1000 pending
    const ticket = await backOffice.ticket(t, client.id);
    const quote = await backOffice.defect(t, ticket.id, { sum: '1000.00' });
    const tooMany = await approveWithPoints(ticket.id, quote.id, 301);
    expect(tooMany.status).toBe(422);
    expect((await errorBody(tooMany)).errors.balls).toEqual([expect.stringMatching(/300/)]);
    const big = await backOffice.defect(t, ticket.id, { sum: '100000.00' });
    const beyondBalance = await approveWithPoints(ticket.id, big.id, 1001);
    expect(beyondBalance.status).toBe(422);
    expect((await pointsOf(client.id)).balance).toBe(1000);
    expect((await approveWithPoints(ticket.id, quote.id, 300)).status).toBe(200);
    expect(await pointsOf(client.id)).toMatchObject({ balance: 700, pending: 1000 });
  });
});

describe('returns when the back office cancels a statement paid with points', () => {
  it('gives the points back with their original expiry, once', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    await credit(client.id, 500); // expires 2027-03-02T09:00Z
    const quote = await spendOnNewStatement(client.id, 200);
    t.setNow('2026-04-01T09:00:00Z');
    await call(`/defects/${quote.id}`, 'PATCH', { status: 4 });
    await call(`/defects/${quote.id}`, 'PATCH', { status: 1 });
    await call(`/defects/${quote.id}`, 'PATCH', { status: 4 });
    const after = await pointsOf(client.id);
    expect(after.balance).toBe(500);
    expect(after.entries.filter((e) => e.delta > 0).map((e) => [e.delta, e.expires_at])).toEqual([
      [500, '2027-03-02T09:00:00.000Z'],
      [200, '2027-03-02T09:00:00.000Z'],
    ]);
    const history = await t.db.select().from(historyEntries).where(eq(historyEntries.clientId, client.id));
    expect(history.map((h) => h.description)).toContain(
      `Возвращено 200\u00A0бонусов, списанных при согласовании ведомости №${quote.id}`,
    );
  });

  it('gives 20 days from the return when the original expiry has passed', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    await credit(client.id, 300); // expires 2027-03-02T09:00Z
    t.setNow('2027-02-25T09:00:00Z');
    expect((await loginAs(t, client.email, client.password)).status).toBe(200); // the year-old session has ended
    const quote = await spendOnNewStatement(client.id, 100);
    t.setNow('2027-03-10T09:00:00Z'); // the spent points' expiry has passed; the other 200 expired
    await call(`/defects/${quote.id}`, 'PATCH', { status: 4 });
    const after = await pointsOf(client.id);
    expect(after.balance).toBe(100);
    expect(after.entries.map((e) => [e.delta, e.state, e.expires_at])).toEqual([
      [300, 'expired', '2027-03-02T09:00:00.000Z'],
      [-100, 'spent', null],
      [100, 'active', '2027-03-30T09:00:00.000Z'],
    ]);
    t.setNow('2027-03-30T09:00:00Z');
    expect((await pointsOf(client.id)).balance).toBe(0);
  });
});

describe('annulment', () => {
  it('a partial cancellation annuls the cancelled lines’ share, split in proportion and in whole points', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    const lines = [
      { name: 'Наконечник', amount: '333.33' },
      { name: 'Турбина', amount: '333.33' },
      { name: 'Микромотор', amount: '333.34' },
    ];
    const operation = await call<{ id: number; points: number; activates_at: string; expires_at: string }>(
      '/loyalty/operations',
      'POST',
      { client_id: client.id, external_id: `split-${client.id}`, paid_at: '2026-03-02T09:00:00Z', lines },
      201,
    );
    expect(operation).toMatchObject({
      points: 50,
      activates_at: '2026-03-04T09:00:00.000Z',
      expires_at: '2027-03-04T09:00:00.000Z',
    });
    // 50 split 16.67 / 16.67 / 16.67 → 17 / 16 / 17 (the largest remainders get the rounding).
    expect(await call(`/loyalty/operations/${operation.id}/cancel`, 'POST', { lines: [1] })).toEqual({
      id: operation.id,
      annulled: 16,
      cancelled_lines: [1],
    });
    expect(await pointsOf(client.id)).toMatchObject({ balance: 0, pending: 34 });
    expect(await call(`/loyalty/operations/${operation.id}/cancel`, 'POST', { lines: [1, 2] })).toMatchObject({
      annulled: 17,
      cancelled_lines: [1, 2],
    });
    expect(await call(`/loyalty/operations/${operation.id}/cancel`, 'POST', {})).toMatchObject({
      annulled: 17,
      cancelled_lines: [0, 1, 2],
    });
    expect(await pointsOf(client.id)).toMatchObject({ balance: 0, pending: 0 });
    await call(
      '/loyalty/operations',
      'POST',
      { client_id: client.id, external_id: `split-${client.id}`, paid_at: '2026-03-02T09:00:00Z', lines },
      409,
    );
    expect(
      (await t.integration(`/loyalty/operations/${operation.id}/cancel`, { method: 'POST', json: { lines: [3] } }))
        .status,
    ).toBe(422);
  });

  it('an annulment larger than the balance annuls the whole active balance, pending points stay', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    await credit(client.id, 100);
    await backOffice.bill(t, client.id, { amount_document: '1000.00', status: 'Оплачен' });
    expect(
      await call(`/clients/${client.id}/points`, 'POST', { delta: -500, reason: 'Ошибочное начисление' }, 201),
    ).toMatchObject({ annulled: 100, balance: 0 });
    expect(await pointsOf(client.id)).toMatchObject({ balance: 0, pending: 50 });
  });

  it('leaving the programme annuls everything, pending points too; rejoining starts from zero', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await participant();
    await credit(client.id, 100);
    await backOffice.bill(t, client.id, { amount_document: '1000.00', status: 'Оплачен' });
    expect(await call(`/clients/${client.id}/loyalty`, 'POST', { state: 'left' })).toEqual({
      client_id: client.id,
      state: 'left',
      balance: 0,
      pending: 0,
      annulled: 150,
    });
    await backOffice.bill(t, client.id, { amount_document: '1000.00', status: 'Оплачен' });
    expect(await pointsOf(client.id)).toMatchObject({ balance: 0, pending: 0 });
    await call(`/clients/${client.id}/loyalty`, 'POST', { state: 'active' });
    t.setNow('2026-03-10T09:00:00Z');
    expect(await pointsOf(client.id)).toMatchObject({ balance: 0, pending: 0 });
  });
});

describe('suspension', () => {
  it('holds every point while suspended; restored after more than 30 days, only the last 30 days’ operations count', async () => {
    t.setNow('2026-03-01T09:00:00Z');
    const client = await participant();
    const order = (id: string, paidAt: string) =>
      call(
        '/loyalty/operations',
        'POST',
        {
          client_id: client.id,
          external_id: `${id}-${client.id}`,
          paid_at: paidAt,
          lines: [{ name: 'Ремонт', amount: '2000.00' }],
        },
        201,
      );
    await credit(client.id, 10); // active before the suspension: stays spendable
    await order('before', '2026-02-28T09:00:00Z'); // 100, would activate on 2 March
    await call(`/clients/${client.id}/loyalty`, 'POST', { state: 'suspended' });
    t.setNow('2026-03-06T09:00:00Z');
    await order('early', '2026-03-06T09:00:00Z'); // in the period, more than 30 days before the restoration
    t.setNow('2026-03-20T09:00:00Z');
    expect(await pointsOf(client.id)).toMatchObject({ balance: 10, pending: 200 });
    t.setNow('2026-04-10T09:00:00Z');
    await order('late', '2026-04-10T09:00:00Z'); // within the 30 days before the restoration
    t.setNow('2026-04-15T09:00:00Z');
    expect(await pointsOf(client.id)).toMatchObject({ balance: 10, pending: 300 });
    const restored = await call(`/clients/${client.id}/loyalty`, 'POST', { state: 'active' });
    expect(restored).toMatchObject({ state: 'active', annulled: 100, balance: 210, pending: 0 });
    const entries = (await pointsOf(client.id)).entries;
    expect(entries.map((e) => [e.delta, e.state])).toEqual([
      [10, 'active'],
      [100, 'active'],
      [100, 'annulled'],
      [100, 'active'],
      [-100, 'annulled'],
    ]);
    expect(entries[1]!.expires_at).toBe('2027-04-15T09:00:00.000Z');
  });
});

describe('programme end', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  });
  afterAll(() => p.close());

  it('announced 7 days ahead: crediting stops at once, spending goes on, at the end every unused point is annulled', async () => {
    const saved = t;
    t = p;
    try {
      const client = await participant();
      await credit(client.id, 400);
      await backOffice.bill(t, client.id, { amount_document: '1000.00', status: 'Оплачен' }); // 50 pending
      const early = await t.integration('/loyalty/programme', {
        method: 'PUT',
        json: { state: 'ending', ends_on: '2026-03-08' },
      });
      expect(early.status).toBe(422);
      expect((await errorBody(early)).errors.ends_on?.[0]).toMatch(/не менее чем за 7 дней/);
      expect(await call('/loyalty/programme', 'PUT', { state: 'ending', ends_on: '2026-03-20' })).toEqual({
        state: 'ending',
        ends_on: '2026-03-19T21:00:00.000Z', // the start of 20 March in Moscow
        announced_at: '2026-03-02T09:00:00.000Z',
      });
      await backOffice.bill(t, client.id, { amount_document: '10000.00', status: 'Оплачен' });
      expect(await pointsOf(client.id)).toMatchObject({ balance: 400, pending: 50 });
      await spendOnNewStatement(client.id, 100);
      t.setNow('2026-03-19T20:59:59Z');
      expect(await pointsOf(client.id)).toMatchObject({ balance: 350, pending: 0 });
      t.setNow('2026-03-19T21:00:00Z');
      const ended = await pointsOf(client.id);
      expect(ended).toMatchObject({ balance: 0, pending: 0 });
      expect(ended.entries.map((e) => [e.delta, e.state])).toEqual([
        [400, 'annulled'],
        [50, 'annulled'],
        [-100, 'spent'],
      ]);
      // Resuming later credits again, and the annulled points stay annulled.
      await call('/loyalty/programme', 'PUT', { state: 'active' });
      await backOffice.bill(t, client.id, { amount_document: '2000.00', status: 'Оплачен' });
      t.setNow('2026-03-25T21:00:00Z');
      expect(await pointsOf(client.id)).toMatchObject({ balance: 100, pending: 0 });
    } finally {
      t = saved;
    }
  });
});
