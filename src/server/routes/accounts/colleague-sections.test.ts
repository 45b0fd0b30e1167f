import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getUserData } from '#shared/api/account.ts';
import type { AccessLevel } from '#shared/screens/access-levels.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { insertBill, insertTicket } from '../../../../tests/setup/cabinet-world.ts';
import { answerOf } from '../../../../tests/setup/json.ts';

// The user data tells the shell which sections a colleague has no way to (issue 41, ADR 0054): no
// access of theirs gives it and they have none of their own. The tab bar and the menus leave them
// out; the server refuses them anyway (access-levels.test.ts).

let t: TestApp;
let owner: Awaited<ReturnType<typeof insertAccount>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertAccount(t);
  await insertTicket(t, owner.id);
  await insertBill(t, owner.id, { status: 'Не оплачен' });
});
afterAll(() => t.close());
beforeEach(() => t.cookies.clear());

/** A colleague given `levels` by as many owners, with tickets or bills of their own if asked. */
async function colleagueWith(levels: AccessLevel[], own: { ticket?: boolean; bill?: boolean } = {}) {
  const colleague = await insertAccount(t);
  if (own.ticket) await insertTicket(t, colleague.id);
  if (own.bill) await insertBill(t, colleague.id, { status: 'Оплачен' });
  for (const level of levels) {
    const granter = await insertAccount(t);
    t.cookies.clear();
    expect((await loginAs(t, granter.email)).status).toBe(200);
    const linked = await t.request('/ajax/cabinet/link-account', {
      method: 'POST',
      json: { email: colleague.email, level },
    });
    expect(linked.status).toBe(200);
  }
  return colleague;
}

async function userOf(account: { email: string }) {
  t.cookies.clear();
  expect((await loginAs(t, account.email)).status).toBe(200);
  return (await answerOf(getUserData, await t.request('/ajax/user/data'))).user;
}
const hiddenFor = async (account: { email: string }) => (await userOf(account))?.hidden_sections;

describe('hidden_sections in the user data', () => {
  it('hides nothing from an account no one gave access to, even with no tickets or bills', async () => {
    expect(await hiddenFor(await insertAccount(t))).toEqual([]);
    expect(await hiddenFor(owner)).toEqual([]);
  });

  it.each([
    ["'Только заявки' only", ['tickets'], {}, ['bills']],
    ["'Счета' only", ['bills'], {}, ['tickets']],
    ["'Только заявки' with bills of their own", ['tickets'], { bill: true }, []],
    ["'Счета' with tickets of their own", ['bills'], { ticket: true }, []],
    ["'Только заявки' and 'Счета' from two clinics", ['tickets', 'bills'], {}, []],
    ["'Заявки и согласования'", ['full'], {}, []],
  ] as const)('%s → %j', async (_name, levels, own, hidden) => {
    expect(await hiddenFor(await colleagueWith([...levels], own))).toEqual(hidden);
  });

  it('follows a change of level at the next load', async () => {
    const colleague = await insertAccount(t);
    t.cookies.clear();
    expect((await loginAs(t, owner.email)).status).toBe(200);
    const grant = (level: AccessLevel) =>
      t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email: colleague.email, level } });
    expect((await grant('bills')).status).toBe(200);
    expect(await hiddenFor(colleague)).toEqual(['tickets']);
    // The device's saved copies follow the level too (src/client/lib/account-scoped.ts).
    expect((await userOf(colleague))?.access_grants).toEqual([`${owner.id}:bills`]);
    t.cookies.clear();
    expect((await loginAs(t, owner.email)).status).toBe(200);
    expect((await grant('full')).status).toBe(200);
    expect(await userOf(colleague)).toMatchObject({ hidden_sections: [], access_grants: [`${owner.id}:full`] });
  });
});
