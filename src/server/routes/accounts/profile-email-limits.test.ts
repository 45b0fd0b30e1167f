import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import { insertAccount, loginAs, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { errorBody } from '../../../../tests/setup/json.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// One account cannot send mail to anyone it likes (issue 36: one account mailed 300 codes to 300
// addresses in 4 s through Личные данные): the e-mail change's codes count per account, per IP
// and per mailbox (+tags and Gmail's dots folded, mailboxKey()), and a refusal changes nothing.

let t: TestApp;
const START = Date.parse('2026-03-02T09:00:00Z');
let hour = 0;
let net = 0;
let ip = '';

beforeAll(async () => {
  t = await createTestApp({ now: START, config: { trustProxy: true } });
});
afterAll(() => t.close());
beforeEach(() => {
  t.setNow(START + ++hour * 2 * 60 * 60 * 1000);
  t.cookies.clear();
  t.csrfToken = undefined;
  ip = `10.2.0.${++net}`;
});

const personal = (email: string) =>
  t.request('/ajax/cabinet/profile/personal', {
    method: 'POST',
    json: { name: 'Анна', surname: 'Смирнова', phone: '79161234567', email },
    headers: { 'x-forwarded-for': ip },
  });
const resend = () =>
  t.request('/ajax/cabinet/profile/email/send-code', { method: 'POST', json: {}, headers: { 'x-forwarded-for': ip } });

async function loggedIn() {
  const account = await insertAccount(t);
  t.cookies.clear();
  expect((await loginAs(t, account.email)).status).toBe(200);
  return account;
}
const pendingOf = async (id: number) =>
  (await t.db.select({ pending: clients.pendingEmail }).from(clients).where(eq(clients.id, id)))[0]!.pending;

describe('the e-mail change code', () => {
  it('is mailed at most 10 times an hour by one account, whatever the addresses; the 11th changes nothing', async () => {
    const account = await loggedIn();
    const asked = Array.from({ length: 12 }, () => uniqueEmail('cannon'));
    for (const [n, email] of asked.entries()) {
      const response = await personal(email);
      if (n < 10) expect(response.status).toBe(200);
      else {
        expect(response.status).toBe(429);
        expect((await errorBody(response)).message).toMatch(/^Слишком много попыток\. Попробуйте через \d+ мин\.$/);
      }
    }
    for (const [n, email] of asked.entries()) expect(await t.outbox.for(email)).toHaveLength(n < 10 ? 1 : 0);
    // The refused save left the last change that was mailed waiting, not the refused address.
    expect(await pendingOf(account.id)).toBe(asked[9]);
    // Past the 30 s between mails, a resend is refused as a mail of the account too.
    t.advance(31_000);
    const again = await resend();
    expect(again.status).toBe(429);
    expect((await errorBody(again)).message).toMatch(/^Слишком много попыток/);
    expect(await t.outbox.for(asked[9]!)).toHaveLength(1);
  });

  it('counts +tags and dotted Gmail spellings of one mailbox as one address (5 an hour)', async () => {
    await loggedIn();
    const name = `cannon${net}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name}+1@gmail.com`,
      `${name.slice(0, 2)}.${name.slice(2)}@googlemail.com`,
      `${name}+2@googlemail.com`,
      `${name.slice(0, 3)}.${name.slice(3)}+x@gmail.com`,
      `${name.slice(0, 1)}.${name.slice(1)}+y@gmail.com`,
    ];
    const statuses = [];
    for (const email of spellings) statuses.push((await personal(email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('is mailed at most 20 times an hour from one IP, whatever the accounts', async () => {
    let mailed = 0;
    for (let account = 0; account < 3; account += 1) {
      await loggedIn();
      for (let change = 0; change < 8; change += 1)
        if ((await personal(uniqueEmail('shared-ip'))).status === 200) mailed += 1;
    }
    expect(mailed).toBe(20);
  });
});
