import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ticket } from '#shared/api/tickets.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { insertBill, insertStatement, insertTicket } from '../../../../tests/setup/cabinet-world.ts';
import { decide, paths } from '../../../../tests/setup/decisions-world.ts';
import { answerOf } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

// A colleague the owner gave access to reads the owner's work as the owner's (cabinet.md §2
// Accesses): the owner's question is 'Вопрос от …', not 'Ваш вопрос', and the unpaid-bills counter
// counts the bills the colleague sees.

let t: TestApp;
let owner: Awaited<ReturnType<typeof insertAccount>>;
let colleague: Awaited<ReturnType<typeof insertAccount>>;
let ticketId: number;
let statementId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertAccount(t);
  colleague = await insertAccount(t);
  await t.db.update(clients).set({ name: 'Ирина', surname: 'Котова' }).where(eq(clients.id, owner.id));
  ticketId = await insertTicket(t, owner.id);
  statementId = await insertStatement(t, ticketId, { sum: '1000.00' });
  await insertBill(t, owner.id, { status: 'Не оплачен' });
  await loginAs(t, owner.email);
  expect(
    (await t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email: colleague.email } })).status,
  ).toBe(200);
  expect(
    (
      await decide(t, paths.discuss, {
        ticket_id: ticketId,
        defect: { id: statementId, version: 1 },
        comment: 'Можно без замены ротора?',
      })
    ).status,
  ).toBe(200);
});
afterAll(() => t.close());
beforeEach(() => t.cookies.clear());

const as = async (account: { email: string }) => expect((await loginAs(t, account.email)).status).toBe(200);
const statementSeen = async () =>
  ((await (await t.request(`/ajax/cabinet/tickets/${ticketId}`)).json()) as { ticket: Ticket }).ticket
    .defective_lists[0]!;
const unpaid = async () =>
  ((await answerOf(getUserData, await t.request('/ajax/user/data'))) as { user: { unpaid_bills: number } }).user
    .unpaid_bills;

describe("a colleague reading the owner's ticket", () => {
  it("sees the owner's question as the owner's; the owner sees it as their own", async () => {
    await as(colleague);
    expect(await statementSeen()).toMatchObject({
      decision_comment: 'Можно без замены ротора?',
      decision_author: 'Ирина Котова',
    });
    await as(owner);
    expect(await statementSeen()).toMatchObject({
      decision_comment: 'Можно без замены ротора?',
      decision_author: null,
    });
  });

  it("counts the owner's unpaid bills it sees in its own counter", async () => {
    await as(colleague);
    expect(await unpaid()).toBe(1);
    await as(owner);
    expect(await unpaid()).toBe(1);
  });

  it("reads the service centre's answer to the owner's question only at a level that sees prices (ADR 0054)", async () => {
    const answered = await t.integration(`/defects/${statementId}/answers`, {
      method: 'POST',
      json: { text: 'Без замены можно, 4 500 ₽ с работой.' },
    });
    expect(answered.status).toBe(201);
    const setLevel = async (level: 'full' | 'tickets') => {
      await as(owner);
      const body = { email: colleague.email, level };
      expect((await t.request('/ajax/cabinet/link-account', { method: 'POST', json: body })).status).toBe(200);
      await as(colleague);
    };

    await as(colleague); // given 'Заявки и согласования' above
    expect((await statementSeen()).answer).toMatchObject({ text: 'Без замены можно, 4 500 ₽ с работой.' });
    await setLevel('tickets');
    expect((await statementSeen()).answer).toBeNull();
    await setLevel('full');
    expect((await statementSeen()).answer).toMatchObject({ text: 'Без замены можно, 4 500 ₽ с работой.' });
  });
});
