import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import {
  insertAccount,
  loginAs,
  mailedCode,
  mailedResetToken,
  primeCsrf,
  uniqueEmail,
  accountTestApp,
} from '../../../../tests/setup/accounts.ts';
import { answerOf, errorBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

// Confirming the account's e-mail with a mailed code (portal.md §2.1 step 1): asked of accounts
// whose mailbox is not proven — one the back office opened with a password of its own.

const t = accountTestApp('2026-03-02T09:00:00Z');

const sendCode = () => t.request('/ajax/email/send-code', { method: 'POST', json: {} });
const confirm = (code: string) => t.request('/ajax/email/confirm', { method: 'POST', json: { code } });
const userData = async () =>
  ((await answerOf(getUserData, await t.request('/ajax/user/data'))) as { user: { email_confirmed: boolean } }).user;
const confirmedAt = async (id: number) =>
  (await t.db.select({ at: clients.emailConfirmedAt }).from(clients).where(eq(clients.id, id)))[0]!.at;

async function unconfirmedLogin() {
  const account = await insertAccount(t, { emailConfirmed: false });
  expect((await loginAs(t, account.email)).status).toBe(200);
  return account;
}

describe('confirming the e-mail', () => {
  it('mails a code; a wrong one is refused, the right one confirms the address', async () => {
    const account = await unconfirmedLogin();
    expect((await userData()).email_confirmed).toBe(false);
    const sent = await sendCode();
    expect(await sent.json()).toEqual({ success: true, message: `Код подтверждения отправлен на ${account.email}` });
    const code = await mailedCode(t, account.email);

    const wrong = await confirm(String((Number(code) + 1) % 10_000).padStart(4, '0'));
    expect(wrong.status).toBe(422);
    expect((await errorBody(wrong)).errors.code).toEqual(['Неверный код']);
    expect(await confirmedAt(account.id)).toBeNull();

    const right = await confirm(code);
    expect(await right.json()).toEqual({ success: true, message: 'Эл. почта подтверждена' });
    expect(await confirmedAt(account.id)).toEqual(t.deps.now());
    expect((await userData()).email_confirmed).toBe(true);
    // Nothing more to confirm: no second mail.
    await sendCode();
    expect(await t.outbox.for(account.email)).toHaveLength(1);
  });

  it('waits 30 s between mails and kills the code after 5 wrong guesses', async () => {
    const account = await unconfirmedLogin();
    await sendCode();
    t.advance(10_000);
    const early = await sendCode();
    expect(early.status).toBe(429);
    expect((await errorBody(early)).message).toBe('Повторно отправить код можно через 20 сек.');
    const code = await mailedCode(t, account.email);
    const other = String((Number(code) + 5000) % 10_000).padStart(4, '0');
    for (let guess = 0; guess < 5; guess += 1) await confirm(other);
    const late = await confirm(code);
    expect((await errorBody(late)).errors.code).toEqual(['Код больше не действует, запросите новый']);
    expect(await confirmedAt(account.id)).toBeNull();
  });

  it('refuses a malformed code and a caller without a session, writing nothing', async () => {
    const account = await unconfirmedLogin();
    const malformed = await confirm('12a4');
    expect(malformed.status).toBe(422);
    t.cookies.clear();
    await primeCsrf(t);
    expect([401, 403]).toContain((await sendCode()).status);
    expect([401, 403]).toContain((await confirm('1234')).status);
    expect(await confirmedAt(account.id)).toBeNull();
  });

  it('counts an account the back office opened with a mailed password as confirmed, with its own password as not', async () => {
    const mailed = uniqueEmail('mailed');
    const own = uniqueEmail('own');
    const body = { name: 'Олег', surname: 'Петров' };
    expect((await t.integration('/api/v1/clients', { method: 'POST', json: { ...body, email: mailed } })).status).toBe(
      201,
    );
    expect(
      (
        await t.integration('/api/v1/clients', {
          method: 'POST',
          json: { ...body, email: own, password: 'back-office-pass-2026' },
        })
      ).status,
    ).toBe(201);
    const rows = await t.db.select({ email: clients.email, at: clients.emailConfirmedAt }).from(clients);
    expect(rows.find((row) => row.email === mailed)?.at).not.toBeNull();
    expect(rows.find((row) => row.email === own)?.at).toBeNull();
  });

  it('counts a password reset through the mailed link as a confirmation', async () => {
    const account = await insertAccount(t, { emailConfirmed: false });
    expect((await t.request('/ajax/password/forgot', { method: 'POST', json: { email: account.email } })).status).toBe(
      200,
    );
    const code = await mailedResetToken(t, account.email);
    const reset = await t.request('/ajax/password/reset', {
      method: 'POST',
      json: { code, new_password: 'Nov-Parol-2026!x', new_password_confirmation: 'Nov-Parol-2026!x' },
    });
    expect(reset.status).toBe(200);
    expect(await confirmedAt(account.id)).not.toBeNull();
  });
});
