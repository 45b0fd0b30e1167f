import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '#shared/screens/bills.ts';
import { bills } from '#server/db/schema/tickets.ts';
import { events } from '#server/db/schema/platform.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { insertBill } from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_PAYEE } from '../../../../tests/setup/payee.ts';

// Paying a bill from the phone (ADR 0028): the payment block on the bills list, the back office's
// purpose and VAT, and 'Я оплатил' recorded once per bill until the back office sets the status.

const PAYEE = TEST_PAYEE;

let t: TestApp;
let me: { id: number; email: string };
let stranger: { id: number; email: string };
const ids: Record<string, number> = {};

async function listed(): Promise<Record<string, Bill>> {
  const response = await t.request('/ajax/cabinet/bills');
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: Bill[] };
  return Object.fromEntries(data.map((bill) => [bill.id_1c, bill]));
}

const report = (billId: unknown) =>
  t.request('/ajax/cabinet/bills/payment-reported', { method: 'POST', json: { bill_id: billId } });
const reportedEvents = () =>
  t.db.select().from(events).where(eq(events.type, 'bill.payment_reported')).orderBy(events.id);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z', config: { payee: PAYEE } });
  me = await insertAccount(t);
  stranger = await insertAccount(t);
  ids.unpaid = await insertBill(t, me.id, { id1c: 'СЧ-10', amount: '15900.50' });
  ids.paid = await insertBill(t, me.id, { id1c: 'СЧ-11', status: 'Оплачен' });
  ids.unknown = await insertBill(t, me.id, { id1c: 'СЧ-12', status: null });
  ids.foreign = await insertBill(t, stranger.id, { id1c: 'СЧ-13' });
  ids.zero = await insertBill(t, me.id, { id1c: 'СЧ-14', amount: '0.00' });
  expect((await loginAs(t, me.email)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the payment block on the bills list', () => {
  it('comes on an unpaid bill with the payee, and not on a paid bill or one without data', async () => {
    const list = await listed();
    expect(list['СЧ-10']!.payment).toEqual({ payee: PAYEE, purpose: null, vat: null, reported_at: null });
    expect(list['СЧ-11']!.payment).toBeNull();
    expect(list['СЧ-12']!.payment).toBeNull();
  });

  it('is null on an unpaid bill of 0.00: no bank takes a zero payment order (ADR 0046)', async () => {
    expect((await listed())['СЧ-14']).toMatchObject({ amount_document: '0.00', status: 'Не оплачен', payment: null });
  });

  it('carries the purpose and VAT the back office set, and PATCH changes them alone', async () => {
    const created = await t.integration('/bills', {
      method: 'POST',
      json: {
        client_id: me.id,
        id_1c: 'СЧ-20',
        date: '2026-03-10',
        amount_document: '500.00',
        status: 'Не оплачен',
        purpose: 'Ремонт | по договору 7',
        vat: 'НДС не облагается',
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await listed())['СЧ-20']!.payment).toMatchObject({
      purpose: 'Ремонт | по договору 7',
      vat: 'НДС не облагается',
    });

    const patched = await t.integration(`/bills/${id}`, { method: 'PATCH', json: { vat: 'В т.ч. НДС 20% 83.33' } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ changed: ['vat'] });
    const [row] = await t.db.select().from(bills).where(eq(bills.id, id));
    expect(row).toMatchObject({ status: 'Не оплачен', purpose: 'Ремонт | по договору 7', vat: 'В т.ч. НДС 20% 83.33' });
  });

  it('refuses a purpose or VAT line too long for the QR, and an empty PATCH, with Russian messages', async () => {
    const long = await t.integration('/bills', {
      method: 'POST',
      json: {
        client_id: me.id,
        id_1c: 'СЧ-21',
        date: '2026-03-10',
        amount_document: '500.00',
        status: null,
        purpose: 'я'.repeat(161),
      },
    });
    expect(long.status).toBe(422);
    expect(JSON.stringify(await long.json())).toMatch(/[а-я]/);
    const vat = await t.integration(`/bills/${ids.unpaid}`, { method: 'PATCH', json: { vat: 'я'.repeat(49) } });
    expect(vat.status).toBe(422);
    expect((await t.integration(`/bills/${ids.unpaid}`, { method: 'PATCH', json: {} })).status).toBe(422);
  });

  it('is absent when the payee is not configured (the bills work as before)', async () => {
    const bare = await createTestApp({ now: '2026-03-15T12:00:00Z' });
    try {
      const account = await insertAccount(bare);
      await insertBill(bare, account.id, { id1c: 'СЧ-1' });
      expect((await loginAs(bare, account.email)).status).toBe(200);
      const { data } = (await (await bare.request('/ajax/cabinet/bills')).json()) as { data: Bill[] };
      expect(data[0]).not.toHaveProperty('payment');
      expect(
        (await bare.request('/ajax/cabinet/bills/payment-reported', { method: 'POST', json: { bill_id: data[0]!.id } }))
          .status,
      ).toBe(409);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /ajax/cabinet/bills/payment-reported (Я оплатил)', () => {
  it('records one bill.payment_reported event per bill, however many times it is said', async () => {
    const first = await report(ids.unpaid);
    expect(first.status).toBe(200);
    const { reported_at } = (await first.json()) as { reported_at: string };
    expect(reported_at).toBe('2026-03-15T12:00:00.000Z');
    t.advance(60_000);
    const again = await report(ids.unpaid);
    expect(await again.json()).toEqual({ success: true, reported_at });

    const written = await reportedEvents();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      clientId: me.id,
      payload: { bill_id: ids.unpaid, id_1c: 'СЧ-10', reported_at, reported_by: me.id },
    });
    expect((await listed())['СЧ-10']!.payment!.reported_at).toBe(reported_at);
  });

  it('appears in the back office’s event feed', async () => {
    const feed = await t.integration('/events?after=0&limit=1000');
    const { events: feedEvents } = (await feed.json()) as {
      events: Array<{ type: string; payload: { bill_id?: number } }>;
    };
    expect(
      feedEvents.filter((event) => event.type === 'bill.payment_reported').map((event) => event.payload.bill_id),
    ).toEqual([ids.unpaid]);
  });

  it('ends when the back office sets the status: paid has no payment block, unpaid again may be reported again', async () => {
    await t.integration(`/bills/${ids.unpaid}`, { method: 'PATCH', json: { status: 'Не оплачен, платёж не найден' } });
    expect((await listed())['СЧ-10']!.payment!.reported_at).toBeNull();
    expect((await report(ids.unpaid)).status).toBe(200);
    expect(await reportedEvents()).toHaveLength(2);
    await t.integration(`/bills/${ids.unpaid}`, { method: 'PATCH', json: { status: 'Оплачен' } });
    expect((await listed())['СЧ-10']!.payment).toBeNull();
    const paid = await report(ids.unpaid);
    expect(paid.status).toBe(409);
    expect(await paid.json()).toEqual({ success: false, message: 'Счёт уже оплачен' });
  });

  it('is 409 in Russian for a bill without a status (no payment block for it): nothing stamped, no event', async () => {
    const before = (await reportedEvents()).length;
    expect((await listed())['СЧ-12']!.payment).toBeNull();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await report(ids.unknown);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        success: false,
        message: 'По этому счёту ещё нет данных: сообщить об оплате пока нельзя',
      });
    }
    expect(await reportedEvents()).toHaveLength(before);
    const [unknown] = await t.db.select().from(bills).where(eq(bills.id, ids.unknown!));
    expect(unknown!.paymentReportedAt).toBeNull();
    // The back office sets a status: then it may be reported.
    await t.integration(`/bills/${ids.unknown}`, { method: 'PATCH', json: { status: 'Не оплачен' } });
    expect((await report(ids.unknown)).status).toBe(200);
    expect(await reportedEvents()).toHaveLength(before + 1);
  });

  it('is 404 for a bill the account does not see, 422 for junk, refused logged out; nothing written', async () => {
    const before = (await reportedEvents()).length;
    expect((await report(ids.foreign)).status).toBe(404);
    expect((await report(999_999)).status).toBe(404);
    for (const junk of ['1', -1, 1.5, 2 ** 31, null]) expect((await report(junk)).status).toBe(422);
    expect(
      (
        await t.request('/ajax/cabinet/bills/payment-reported', {
          method: 'POST',
          json: { bill_id: ids.unknown },
          cookies: false,
        })
      ).status,
    ).toBe(403);
    expect(await reportedEvents()).toHaveLength(before);
    const [foreign] = await t.db
      .select()
      .from(bills)
      .where(and(eq(bills.id, ids.foreign!)));
    expect(foreign!.paymentReportedAt).toBeNull();
  });
});
