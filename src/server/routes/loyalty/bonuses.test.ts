import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { answerOf } from '../../../../tests/setup/json.ts';
import { getBonuses } from '#shared/screens/bonuses.ts';

// The clinic's side of the loyalty programme (ADR 0016): GET /ajax/cabinet/points as the Бонусы page
// reads it. Who takes part, and the retired eligibility call: loyalty-participants.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

describe('GET /ajax/cabinet/points', () => {
  it('needs a session', async () => {
    t.cookies.clear();
    expect((await t.request('/ajax/cabinet/points')).status).toBe(401);
  });

  it('gives the balance, pending by date, expiring points and the ledger with its sources, newest first', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await backOffice.client(t);
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
    const { data } = await answerOf(getBonuses, await t.request('/ajax/cabinet/points'));
    expect(data).toMatchObject({
      balance: 70,
      pending: 100,
      pending_by_date: [{ points: 100, activates_at: '2027-02-22T09:00:00.000Z' }],
      expiring: [{ points: 70, expires_at: '2027-03-02T09:00:00.000Z' }],
      not_earning: null,
      programme: null,
    });
    expect(
      data.rows.map((row: { kind: string; points: number; ticket_id: number | null; bill: string | null }) => [
        row.kind,
        row.points,
        row.ticket_id,
        row.bill,
      ]),
    ).toEqual([
      ['spent', -30, ticket.id, null],
      ['earned', 100, null, 'СЧ-77'],
      ['credited', 100, null, null],
    ]);
    expect(bill.id).toBeGreaterThan(0);

    // A year on, the rest of the credit has expired: a row of its own.
    t.setNow('2027-03-02T09:00:00Z');
    await loginAs(t, client.email, client.password);
    const later = (await answerOf(getBonuses, await t.request('/ajax/cabinet/points'))).data;
    expect(later).toMatchObject({ balance: 100, pending: 0, expiring: [] });
    expect(later.rows[0]).toMatchObject({
      key: expect.stringMatching(/:expired$/),
      kind: 'expired',
      points: -70,
      date: '2027-03-02T09:00:00.000Z',
    });
  });
});
