// A quote re-priced by the back office after the clinic approved it goes back to
// waiting for the clinic, with a notification and a history line; the approval stays in the history
// and the points it spent come back (so a second approval cannot spend them twice).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECT_REASONS } from '#shared/dictionaries/reject-reasons.ts';
import { AGREED, STATEMENT_STATUS } from '#shared/dictionaries/statement-decisions.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { balance } from '#server/services/loyalty/points.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import {
  decide,
  grantPoints,
  historyFor,
  insertStatement,
  loggedInClinic,
  paths,
  statementRow,
} from '../../../../tests/setup/decisions-world.ts';
import { jsonBody } from '../../../../tests/setup/json.ts';

let t: TestApp;
let clinic: Awaited<ReturnType<typeof loggedInClinic>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  clinic = await loggedInClinic(t);
  await grantPoints(t, clinic.id, 1000);
});
afterAll(() => t.close());

const reprice = (id: number, json: Record<string, unknown>) =>
  t.integration(`/defects/${id}`, { method: 'PATCH', json });

async function needsApproval(): Promise<boolean> {
  const list = (await (await t.request('/ajax/cabinet/tickets')).json()) as {
    data: Array<{ id: number; dv_approve_need: boolean }>;
  };
  return list.data.find((ticket) => ticket.id === clinic.ticketId)?.dv_approve_need ?? false;
}

describe('a new price on a decided quote', () => {
  it('reopens an approval: waiting again, the points come back, the clinic is told, the approval stays in the history', async () => {
    const s = await insertStatement(t, clinic.ticketId, { sum: '10000.00' });
    expect(
      (await decide(t, paths.approve, { ticket_id: clinic.ticketId, defects: [{ id: s.id, version: 1 }], balls: 300 }))
        .status,
    ).toBe(200);
    expect(await balance(t.db, clinic.id, t.deps.now())).toBe(700);
    expect(await needsApproval()).toBe(false);

    const response = await reprice(s.id, { sum: '12000.00' });
    expect(response.status).toBe(200);
    expect((await jsonBody<{ changed: string[] }>(response)).changed).toEqual(
      expect.arrayContaining(['sum', 'agreed', 'status']),
    );
    expect(await statementRow(t, s.id)).toMatchObject({
      agreed: AGREED.none,
      status: STATEMENT_STATUS.awaiting,
      sum: '12000.00',
    });
    expect(await balance(t.db, clinic.id, t.deps.now())).toBe(1000);
    expect(await needsApproval()).toBe(true);

    const history = (await historyFor(t, s.id)).map((line) => line.description);
    expect(history.some((line) => line.startsWith('Согласован ремонт'))).toBe(true);
    expect(history.some((line) => line.includes('нужно согласовать ремонт заново'))).toBe(true);
    const told = await t.db.select().from(notifications).where(eq(notifications.clientId, clinic.id));
    expect(told.map((row) => row.description)).toContainEqual(
      expect.stringMatching(/изменена на 12\s000,00\s₽\. Согласуйте ремонт заново/),
    );

    // The clinic approves the new price: the points are spent once more, from the returned balance.
    const { version } = await statementRow(t, s.id);
    expect(
      (await decide(t, paths.approve, { ticket_id: clinic.ticketId, defects: [{ id: s.id, version }], balls: 300 }))
        .status,
    ).toBe(200);
    expect(await balance(t.db, clinic.id, t.deps.now())).toBe(700);
  });

  it('leaves the decision when the same call sets it, and a refusal whatever the price', async () => {
    const approved = await insertStatement(t, clinic.ticketId);
    await decide(t, paths.approve, { ticket_id: clinic.ticketId, defects: [{ id: approved.id, version: 1 }] });
    await reprice(approved.id, { sum: '11000.00', agreed: AGREED.approved });
    expect(await statementRow(t, approved.id)).toMatchObject({ agreed: AGREED.approved, sum: '11000.00' });

    const rejected = await insertStatement(t, clinic.ticketId);
    await decide(t, paths.reject, {
      ticket_id: clinic.ticketId,
      defects: [{ id: rejected.id, version: 1 }],
      comment: REJECT_REASONS[0],
    });
    await reprice(rejected.id, { sum: '9000.00' });
    expect(await statementRow(t, rejected.id)).toMatchObject({ agreed: AGREED.rejected });
  });
});
