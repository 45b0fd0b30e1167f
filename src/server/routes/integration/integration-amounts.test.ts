import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defectStatements } from '#server/db/schema/tickets.ts';
import { loyaltyOperations, pointsEntries } from '#server/db/schema/loyalty.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice, defect } from '../../../../tests/setup/back-office.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// Numbers that overflowed (docs/api.md, integration rules): an amount is capped at 99 999 999.99 with a Russian 422 and
// nothing written; what many capped amounts add up to (an operation's points, a ticket's cost) is
// still answered, not a 500.

const TOO_LARGE = 'Сумма не может быть больше 99 999 999,99 ₽';
const MAX = '99999999.99';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

/** A back-office account takes part in the loyalty programme from its creation (ADR 0016). */
const eligibleClient = () => backOffice.client(t);

const operation = (clientId: number, amount: string) => ({
  client_id: clientId,
  external_id: `big-${clientId}-${amount}`,
  // After the account opened: participation starts then (ADR 0016).
  paid_at: t.deps.now().toISOString(),
  lines: Array.from({ length: 500 }, (_, i) => ({ name: `Строка ${i}`, amount })),
});

describe('loyalty operations', () => {
  it('refuses a line over 99 999 999.99 in Russian, writing nothing', async () => {
    const client = await eligibleClient();
    for (const amount of ['9999999999.99', '100000000.00', '0100000000.00']) {
      const response = await t.integration('/loyalty/operations', {
        method: 'POST',
        json: operation(client.id, amount),
      });
      expect(response.status, amount).toBe(422);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe(TOO_LARGE);
      expect(body.errors['lines.0.amount']).toEqual([TOO_LARGE]);
    }
    expect(await t.db.select().from(loyaltyOperations).where(eq(loyaltyOperations.clientId, client.id))).toEqual([]);
    expect(await t.db.select().from(pointsEntries).where(eq(pointsEntries.clientId, client.id))).toEqual([]);
  });

  it('takes 500 lines of the maximum: points past 2^31 are stored and counted exactly', async () => {
    const client = await eligibleClient();
    // 5 % of 500 × 99 999 999.99 = 2 499 999 999.75, rounded to 2 500 000 000.
    const response = await t.integration('/loyalty/operations', { method: 'POST', json: operation(client.id, MAX) });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { points: number }).points).toBe(2_500_000_000);
    const [stored] = await t.db
      .select({ points: loyaltyOperations.points })
      .from(loyaltyOperations)
      .where(eq(loyaltyOperations.clientId, client.id));
    expect(stored?.points).toBe(2_500_000_000);
    const [entry] = await t.db
      .select({ delta: pointsEntries.delta })
      .from(pointsEntries)
      .where(eq(pointsEntries.clientId, client.id));
    expect(entry?.delta).toBe(2_500_000_000);
    const points = (await (await t.integration(`/clients/${client.id}/points`)).json()) as {
      balance: number;
      pending: number;
    };
    expect(points.balance + points.pending).toBe(2_500_000_000);
  });
});

describe('statements and bills', () => {
  it('refuses a statement or a bill over the maximum, writing nothing', async () => {
    const client = await backOffice.client(t);
    const ticket = await backOffice.ticket(t, client.id);
    const created = await t.integration(`/tickets/${ticket.id}/defects`, {
      method: 'POST',
      json: defect({ sum: '6000000000.00' }),
    });
    expect(created.status).toBe(422);
    expect(((await created.json()) as { errors: Record<string, string[]> }).errors.sum).toEqual([TOO_LARGE]);
    expect(await t.db.select().from(defectStatements).where(eq(defectStatements.ticketId, ticket.id))).toEqual([]);

    const statement = await backOffice.defect(t, ticket.id, { sum: MAX });
    const patched = await t.integration(`/defects/${statement.id}`, { method: 'PATCH', json: { sum: '100000000.00' } });
    expect(patched.status).toBe(422);
    expect(((await patched.json()) as { errors: Record<string, string[]> }).errors.sum).toEqual([TOO_LARGE]);
    const [row] = await t.db
      .select({ sum: defectStatements.sum })
      .from(defectStatements)
      .where(eq(defectStatements.id, statement.id));
    expect(row?.sum).toBe(MAX);

    const bill = await t.integration('/bills', {
      method: 'POST',
      json: {
        client_id: client.id,
        id_1c: 'СЧ-big',
        date: '2026-03-01',
        amount_document: '100000000.00',
        status: null,
      },
    });
    expect(bill.status).toBe(422);
    expect(((await bill.json()) as { errors: Record<string, string[]> }).errors.amount_document).toEqual([TOO_LARGE]);
  });

  it("answers a ticket whose statements add up past 10 digits (the clinic's ticket page)", async () => {
    const client = await backOffice.client(t);
    const ticket = await backOffice.ticket(t, client.id);
    for (let i = 0; i < 101; i++) await backOffice.defect(t, ticket.id, { sum: MAX });
    await loginAs(t, client.email, client.password);
    const response = await t.request(`/ajax/cabinet/tickets/${ticket.id}`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain('"cost":"10099999998.99"');
  });
});
