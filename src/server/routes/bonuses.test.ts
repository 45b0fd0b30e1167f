import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, historyEntries } from '#server/db/schema.ts';
import { loginAs, mailedCode, registrationForm, uniqueEmail } from '../../../tests/setup/accounts.ts';
import { backOffice } from '../../../tests/setup/back-office.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';

// The clinic's side of the loyalty programme (issue 15): the eligibility asked at registration and
// on the Бонусы page, and GET /ajax/cabinet/points as the page reads it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

const eligibleAt = async (id: number) => (await t.db.select({ at: clients.loyaltyEligibleAt }).from(clients).where(eq(clients.id, id)))[0]?.at ?? null;

describe('eligibility', () => {
  it('is stored with its date when the registration form confirms it, and not otherwise', async () => {
    await t.request('/ajax/user/data'); // the CSRF token
    const register = async (email: string, loyaltyEligible?: boolean) => {
      const form = { ...registrationForm(email), ...(loyaltyEligible === undefined ? {} : { loyaltyEligible }) };
      expect((await t.request('/ajax/register/send-code', { method: 'POST', json: form })).status).toBe(200);
      const confirmed = await t.request('/ajax/register/confirm', { method: 'POST', json: { ...form, code: mailedCode(t, email) } });
      expect(confirmed.status).toBe(200);
      const [row] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.email, email));
      return row!.id;
    };
    expect(await eligibleAt(await register(uniqueEmail('yes'), true))).toEqual(new Date('2026-03-02T09:00:00Z'));
    expect(await eligibleAt(await register(uniqueEmail('no')))).toBeNull();
  });

  it('an account without it is told why it does not earn and confirms it once on the page', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await backOffice.client(t);
    await loginAs(t, client.email, client.password);
    const before = await (await t.request('/ajax/cabinet/points')).json();
    expect(before.data).toMatchObject({ balance: 0, pending: 0, not_earning: 'not_eligible', rows: [] });
    const confirmed = await t.request('/ajax/cabinet/points/eligibility', { method: 'POST', json: { confirmed: true } });
    expect(await confirmed.json()).toEqual({ success: true, message: 'Спасибо! Теперь бонусы начисляются за оплаченные ремонты.' });
    t.setNow('2026-03-05T09:00:00Z');
    await t.request('/ajax/cabinet/points/eligibility', { method: 'POST', json: { confirmed: true } });
    expect(await eligibleAt(client.id)).toEqual(new Date('2026-03-02T09:00:00Z')); // the first date stays
    const lines = await t.db.select().from(historyEntries).where(and(eq(historyEntries.clientId, client.id), eq(historyEntries.subjectType, 'Account')));
    expect(lines.map((line) => line.description)).toEqual(['Подтверждено право на участие в программе лояльности']);
    expect((await (await t.request('/ajax/cabinet/points')).json()).data.not_earning).toBeNull();
    expect((await t.request('/ajax/cabinet/points/eligibility', { method: 'POST', json: { confirmed: false } })).status).toBe(422);
  });
});

describe('GET /ajax/cabinet/points', () => {
  it('needs a session', async () => {
    t.cookies.clear();
    expect((await t.request('/ajax/cabinet/points')).status).toBe(401);
  });

  it('gives the balance, pending by date, expiring points and the ledger with its sources, newest first', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await backOffice.client(t);
    await t.db.update(clients).set({ loyaltyEligibleAt: t.deps.now() }).where(eq(clients.id, client.id));
    await t.integration(`/clients/${client.id}/points`, { method: 'POST', json: { delta: 100, reason: 'Бонус' } });
    t.setNow('2027-02-20T09:00:00Z');
    await loginAs(t, client.email, client.password);
    const bill = await backOffice.bill(t, client.id, { id_1c: 'СЧ-77', amount_document: '2000.00', status: 'Оплачен' });
    const ticket = await backOffice.ticket(t, client.id);
    const quote = await backOffice.defect(t, ticket.id, { sum: '1000.00' });
    await t.request('/ajax/cabinet/defects/approve', {
      method: 'POST',
      json: { ticket_id: ticket.id, defects: [{ id: quote.id, version: 1 }], balls: 30 },
      headers: { 'Idempotency-Key': 'bonuses-page-test-key-1' },
    });
    const { data } = await (await t.request('/ajax/cabinet/points')).json();
    expect(data).toMatchObject({
      balance: 70,
      pending: 100,
      pending_by_date: [{ points: 100, activates_at: '2027-02-22T09:00:00.000Z' }],
      expiring: [{ points: 70, expires_at: '2027-03-02T09:00:00.000Z' }],
      not_earning: null,
      programme: null,
    });
    expect(data.rows.map((row: { kind: string; points: number; ticket_id: number | null; bill: string | null }) => [row.kind, row.points, row.ticket_id, row.bill])).toEqual([
      ['spent', -30, ticket.id, null],
      ['earned', 100, null, 'СЧ-77'],
      ['credited', 100, null, null],
    ]);
    expect(bill.id).toBeGreaterThan(0);

    // A year on, the rest of the credit has expired: a row of its own.
    t.setNow('2027-03-02T09:00:00Z');
    await loginAs(t, client.email, client.password);
    const later = (await (await t.request('/ajax/cabinet/points')).json()).data;
    expect(later).toMatchObject({ balance: 100, pending: 0, expiring: [] });
    expect(later.rows[0]).toMatchObject({ key: expect.stringMatching(/:expired$/), kind: 'expired', points: -70, date: '2027-03-02T09:00:00.000Z' });
  });
});
