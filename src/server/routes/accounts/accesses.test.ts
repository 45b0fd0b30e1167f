import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadPaths } from '#shared/api/tickets.ts';
import { events } from '#server/db/schema/platform.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { insertBill, insertStatement, insertTicket } from '../../../../tests/setup/cabinet-world.ts';
import { decide, eventsFor, grantPoints, historyFor, paths } from '../../../../tests/setup/decisions-world.ts';
import { answerOf, errorBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

// Access to a clinic's tickets and bills given to a colleague's account (cabinet.md §2 Accesses):
// the grantee sees and decides on them, spends none of the owner's points, and loses all of it
// with the next request once it is revoked. Events and notifications for both.

let t: TestApp;
let owner: Awaited<ReturnType<typeof insertAccount>>;
let colleague: Awaited<ReturnType<typeof insertAccount>>;
let ticketId: number;
let statementId: number;
let billId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertAccount(t);
  colleague = await insertAccount(t);
  ticketId = await insertTicket(t, owner.id);
  statementId = await insertStatement(t, ticketId, { sum: '1000.00' });
  billId = await insertBill(t, owner.id, {});
  await grantPoints(t, owner.id, 500);
  await grantPoints(t, colleague.id, 500);
});
afterAll(() => t.close());
beforeEach(() => t.cookies.clear());

const as = async (account: { email: string }) => expect((await loginAs(t, account.email)).status).toBe(200);
const link = (email: string) => t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email } });
const unlink = (email: string) => t.request('/ajax/cabinet/unlink-account', { method: 'POST', json: { email } });
const listedTickets = async () =>
  ((await (await t.request('/ajax/cabinet/tickets')).json()) as { data: Array<{ id: number; email: string }> }).data;
const listedBills = async () =>
  ((await (await t.request('/ajax/cabinet/bills')).json()) as { data: Array<{ id: number }> }).data;
const accessEvents = async () =>
  (await t.db.select().from(events))
    .filter((event) => event.type.startsWith('access.'))
    .map((event) => [event.type, event.payload]);

describe('Доступы', () => {
  it("refuses the owner's own address and a malformed one in Russian (an unknown one is invited: access-invitations.test.ts)", async () => {
    await as(owner);
    expect((await errorBody(await link(owner.email))).errors.email).toEqual(['Это ваш собственный адрес']);
    expect((await errorBody(await link('not-an-email'))).errors.email?.[0]).toBe('Введите корректный email');
    expect((await errorBody(await link(''))).errors.email?.[0]).toBe('Это поле обязательно');
    expect(await accessEvents()).toEqual([]);
  });

  it("lets the grantee see and decide on the owner's ticket and bill, the decision naming who took it", async () => {
    await as(owner);
    expect(await (await link(colleague.email.toUpperCase())).json()).toEqual({
      success: true,
      message: 'Доступ выдан',
    });
    expect((await errorBody(await link(colleague.email))).errors.email).toEqual([
      'Этому пользователю доступ уже выдан',
    ]);
    expect(
      ((await (await t.request('/ajax/cabinet/accesses')).json()) as { data: Array<{ email: string }> }).data.map(
        (row) => row.email,
      ),
    ).toEqual([colleague.email]);
    expect(await accessEvents()).toEqual([
      ['access.granted', { owner_client_id: owner.id, grantee_client_id: colleague.id, level: 'full' }],
    ]);
    const told = await t.db.select().from(notifications).where(eq(notifications.clientId, colleague.id));
    expect(told.at(-1)?.description).toContain('Вам открыт доступ к заявкам и счетам');

    t.cookies.clear();
    await as(colleague);
    expect(
      ((await answerOf(getUserData, await t.request('/ajax/user/data'))) as { user: { access_owner_ids: number[] } })
        .user.access_owner_ids,
    ).toEqual([owner.id]);
    expect((await listedTickets()).find((row) => row.id === ticketId)?.email).toBe(owner.email);
    expect((await listedBills()).map((row) => row.id)).toContain(billId);
    // 'Только мои заявки' narrows to the colleague's own.
    const mine = (await (await t.request(`/ajax/cabinet/tickets?client_id=${colleague.id}`)).json()) as {
      data: Array<{ id: number }>;
    };
    expect(mine.data.map((row) => row.id)).not.toContain(ticketId);
    expect((await t.request(`/ajax/cabinet/tickets/${ticketId}`)).status).toBe(200);
    expect((await t.request(downloadPaths.ticketPdf(ticketId))).status).toBe(200);

    // The owner's points are not the colleague's to spend; the approval itself is.
    const loyalty = (await (await t.request(`/ajax/cabinet/defects/${statementId}/loyalty`)).json()) as {
      ballsAvailable: number;
    };
    expect(loyalty.ballsAvailable).toBe(0);
    const withPoints = await decide(t, paths.approve, {
      ticket_id: ticketId,
      defects: [{ id: statementId, version: 1 }],
      balls: 100,
    });
    expect((await errorBody(withPoints)).errors.balls).toEqual([
      'Бонусы и подарки при согласовании выбирает владелец заявки',
    ]);
    expect(
      (await decide(t, paths.approve, { ticket_id: ticketId, defects: [{ id: statementId, version: 1 }] })).status,
    ).toBe(200);
    const approved = (await eventsFor(t, statementId)).find((event) => event.type === 'defect.approved');
    expect(approved?.payload).toMatchObject({ actor_client_id: colleague.id });
    expect(approved?.clientId).toBe(owner.id);
    expect((await historyFor(t, statementId)).at(-1)?.description).toContain(`(${colleague.email})`);
  });

  it('takes everything back with the next request once revoked', async () => {
    await as(owner);
    expect(await (await unlink(colleague.email)).json()).toEqual({ success: true, message: 'Доступ отозван' });
    expect((await errorBody(await unlink(colleague.email))).errors.email).toEqual([
      'Этому пользователю доступ не выдавался',
    ]);
    expect((await accessEvents()).at(-1)).toEqual([
      'access.revoked',
      { owner_client_id: owner.id, grantee_client_id: colleague.id },
    ]);

    t.cookies.clear();
    await as(colleague);
    expect(
      ((await answerOf(getUserData, await t.request('/ajax/user/data'))) as { user: { access_owner_ids: number[] } })
        .user.access_owner_ids,
    ).toEqual([]);
    expect((await listedTickets()).map((row) => row.id)).not.toContain(ticketId);
    expect((await listedBills()).map((row) => row.id)).not.toContain(billId);
    expect((await t.request(`/ajax/cabinet/tickets/${ticketId}`)).status).toBe(404);
    expect((await t.request(downloadPaths.ticketPdf(ticketId))).status).toBe(404);
    expect(
      (
        await decide(t, paths.reject, {
          ticket_id: ticketId,
          defects: [{ id: statementId, version: 2 }],
          comment: 'Проблема решена',
        })
      ).status,
    ).toBe(404);
  });

  it('is refused without a session', async () => {
    expect([401, 403]).toContain((await link(colleague.email)).status);
    expect([401, 403]).toContain((await t.request('/ajax/cabinet/accesses')).status);
  });
});
