import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema/platform.ts';
import { sessions } from '#server/db/schema/accounts.ts';
import { rateRules } from '#server/services/rate-limit.ts';
import { createPasswordHasher, TEST_COST } from '#server/services/accounts/passwords.ts';
import {
  accountTestApp,
  DEFAULT_PASSWORD,
  insertAccount,
  loginAs,
  mailedResetToken,
  primeCsrf,
  uniqueEmail,
} from '../../../../tests/setup/accounts.ts';
import { createTestApp } from '../../../../tests/setup/test-app.ts';
import { answerOf, errorBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

const SENT = { success: true, message: 'Ссылка для восстановления пароля отправлена на вашу почту' };
const DEAD = { success: false, message: 'Ссылка для восстановления устарела или уже использована. Запросите новую.' };
const NEW_PASSWORD = 'brand-new-secret-7';
const t = accountTestApp('2026-03-02T09:00:00Z', { daysApart: 40 });

const forgot = (email: string) => t.request('/ajax/password/forgot', { method: 'POST', json: { email } });
const reset = (code: string, password = NEW_PASSWORD, confirmation = password) =>
  t.request('/ajax/password/reset', {
    method: 'POST',
    json: { code, new_password: password, new_password_confirmation: confirmation },
  });

/** Logs in from a second "browser" and returns its session cookie, leaving the test's jar as it was. */
async function otherBrowserSession(email: string, password: string): Promise<string> {
  const saved = { session: t.cookies.get('portal_session'), csrf: t.cookies.get('portal_csrf'), token: t.csrfToken };
  t.cookies.clear();
  expect((await loginAs(t, email, password)).status).toBe(200);
  const cookie = t.cookies.get('portal_session')!;
  t.cookies.clear();
  if (saved.session) t.cookies.set('portal_session', saved.session);
  if (saved.csrf) t.cookies.set('portal_csrf', saved.csrf);
  t.csrfToken = saved.token;
  return cookie;
}

async function isLoggedIn(sessionCookie: string): Promise<boolean> {
  const response = await t.request('/ajax/user/data', {
    headers: { cookie: `portal_session=${sessionCookie}` },
    cookies: false,
  });
  return (await answerOf(getUserData, response)).user !== null;
}

describe('password reset by e-mailed link', () => {
  it('mails a 10-minute link and answers the same for unknown addresses', async () => {
    const { email } = await insertAccount(t);
    const known = await forgot(email);
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(SENT);
    const message = (await t.outbox.latest(email))!;
    expect(message.text).toMatch(new RegExp(`${t.config.publicUrl}/client/restore-password/[A-Za-z0-9_-]{43}`));
    expect(message.text).toContain('10 минут');

    const nobody = uniqueEmail('nobody');
    const unknown = await forgot(nobody);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(SENT);
    expect(await t.outbox.for(nobody)).toHaveLength(0);
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const { id, email, password } = await insertAccount(t);
    const elsewhere = await otherBrowserSession(email, password);
    await forgot(email);
    const token = await mailedResetToken(t, email);

    const response = await reset(token);
    expect(response.status).toBe(200);
    // With whose it was: 'Войти' then starts with that e-mail.
    expect(await response.json()).toEqual({ success: true, message: 'Пароль успешно изменен!', email });
    expect(await isLoggedIn(elsewhere)).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.clientId, id))).toHaveLength(0);

    expect((await t.outbox.latest(email))?.subject).toBe('Пароль изменён');
    expect((await loginAs(t, email, password)).status).toBe(422);
    expect((await loginAs(t, email, NEW_PASSWORD)).status).toBe(200);

    const again = await reset(token, 'yet-another-pass-1');
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual(DEAD);
  });

  it('refuses an expired link, an older link after a newer one, and a made-up one', async () => {
    const { email } = await insertAccount(t);
    await forgot(email);
    const older = await mailedResetToken(t, email);
    await forgot(email);
    const newer = await mailedResetToken(t, email);
    expect(await (await reset(older)).json()).toEqual(DEAD);
    expect(await (await reset('A'.repeat(43))).json()).toEqual(DEAD);
    expect(await (await reset('short')).json()).toEqual(DEAD);

    t.advance(10 * 60 * 1000 + 1000);
    const expired = await reset(newer);
    expect(expired.status).toBe(422);
    expect(await expired.json()).toEqual(DEAD);
  });

  it('validates the new password and its confirmation with the spec messages', async () => {
    const short = await reset('A'.repeat(43), 'short');
    expect(short.status).toBe(422);
    expect((await errorBody(short)).errors.new_password).toEqual(['Нужно 8 символов и более']);
    const differ = await reset('A'.repeat(43), NEW_PASSWORD, 'something-else');
    expect(differ.status).toBe(422);
    expect((await errorBody(differ)).errors.new_password_confirmation).toEqual(['Пароли не совпали']);
  });

  it('keeps the caller logged in when resetting their own account', async () => {
    const { email, password } = await insertAccount(t);
    await loginAs(t, email, password);
    await forgot(email);
    expect((await reset(await mailedResetToken(t, email))).status).toBe(200);
    expect((await answerOf(getUserData, await t.request('/ajax/user/data'))).user?.email).toBe(email);
  });
});

describe('password change in the cabinet', () => {
  const change = (password = NEW_PASSWORD, confirmation = password, current = DEFAULT_PASSWORD) =>
    t.request('/ajax/password/change', {
      method: 'POST',
      json: { current_password: current, new_password: password, new_password_confirmation: confirmation },
    });

  it('needs a login (401 before any validation)', async () => {
    const response = await change();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, message: 'Требуется авторизация' });
    expect((await change('x', 'y')).status).toBe(401);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { email, password } = await insertAccount(t);
    const elsewhere = await otherBrowserSession(email, password);
    expect((await loginAs(t, email, password)).status).toBe(200);

    const response = await change();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Пароль успешно изменен!' });
    expect((await answerOf(getUserData, await t.request('/ajax/user/data'))).user?.email).toBe(email);
    expect(await isLoggedIn(elsewhere)).toBe(false);

    expect((await t.outbox.latest(email))?.subject).toBe('Пароль изменён');

    await t.request('/ajax/logout', { method: 'POST' });
    expect((await loginAs(t, email, password)).status).toBe(422);
    expect((await loginAs(t, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('wants the current password: a wrong one is refused under its field and counts as a failed login', async () => {
    const { email } = await insertAccount(t);
    await loginAs(t, email);
    const missing = await t.request('/ajax/password/change', {
      method: 'POST',
      json: { new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
    });
    expect(missing.status).toBe(422);
    const wrong = await change(NEW_PASSWORD, NEW_PASSWORD, 'not-my-password');
    expect(wrong.status).toBe(422);
    expect((await errorBody(wrong)).errors.current_password).toEqual(['Неверный текущий пароль']);
    const [failures] = await t.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(like(rateLimits.key, 'login:account:%'));
    expect(failures?.hits).toBeGreaterThanOrEqual(1);
    await t.request('/ajax/logout', { method: 'POST' });
    expect((await loginAs(t, email, NEW_PASSWORD)).status).toBe(422);
  });

  it.each([
    ['11111111', 'Этот пароль слишком распространён. Придумайте другой.'],
    ['password1', 'Этот пароль слишком распространён. Придумайте другой.'],
  ])('refuses a common password (%s)', async (weak, message) => {
    const { email } = await insertAccount(t);
    await loginAs(t, email);
    const response = await change(weak);
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors.new_password).toEqual([message]);
  });

  it("refuses a password made of the e-mail's name", async () => {
    const { email } = await insertAccount(t, { email: uniqueEmail('smirnova') });
    await loginAs(t, email);
    const local = email.split('@')[0]!;
    const response = await change(`${local}-2026`);
    expect((await errorBody(response)).errors.new_password).toEqual([
      'Пароль не должен содержать имя из вашего адреса эл. почты',
    ]);
  });

  it('allows 10 changes an hour per account, then 429', async () => {
    const { email } = await insertAccount(t);
    await loginAs(t, email);
    const statuses: number[] = [];
    for (let i = 0; i <= rateRules.passwordChange.limit; i++)
      statuses.push((await change(NEW_PASSWORD, NEW_PASSWORD, 'not-my-password')).status);
    expect(statuses.slice(0, -1).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses mismatched confirmation', async () => {
    const { email } = await insertAccount(t);
    await loginAs(t, email);
    const response = await change(NEW_PASSWORD, '');
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors.new_password_confirmation).toEqual(['Пароли не совпали']);
  });
});

describe('the cost of a reset', () => {
  it('checks the link before hashing: made-up codes cost no hash at all', async () => {
    let hashes = 0;
    const inner = createPasswordHasher({ cost: TEST_COST });
    const counted = await createTestApp({
      passwords: { hash: (plain) => ((hashes += 1), inner.hash(plain)), verify: inner.verify },
    });
    try {
      await primeCsrf(counted);
      for (let i = 0; i < 5; i++) {
        const response = await counted.request('/ajax/password/reset', {
          method: 'POST',
          json: {
            code: randomBytes(32).toString('base64url'),
            new_password: NEW_PASSWORD,
            new_password_confirmation: NEW_PASSWORD,
          },
        });
        expect(response.status).toBe(422);
      }
      expect(hashes).toBe(0);
    } finally {
      await counted.close();
    }
  });
});
