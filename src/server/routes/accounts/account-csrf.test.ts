import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/setup/test-app.ts';
import { accountTestApp, insertAccount, loginAs, primeCsrf } from '../../../../tests/setup/accounts.ts';

const FORBIDDEN = { success: false, message: 'Сессия устарела. Обновите страницу и попробуйте снова.' };
// Each test logged out with a fresh CSRF token, a day after the last (fresh rate-limit windows).
const t = accountTestApp('2026-03-02T09:00:00Z');

const forgot = (init: Parameters<TestApp['request']>[1] = {}) =>
  t.request('/ajax/password/forgot', { method: 'POST', json: { email: 'someone@clinic.test' }, ...init });

describe('CSRF protection of /ajax writes', () => {
  it('refuses a write without the token', async () => {
    await primeCsrf(t);
    const response = await forgot({ csrf: false });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN);
  });

  it('refuses a write without the cookie (a token copied from elsewhere)', async () => {
    await primeCsrf(t);
    const token = t.csrfToken!;
    t.cookies.clear();
    expect((await forgot({ csrf: token })).status).toBe(403);
  });

  it('refuses a wrong token', async () => {
    await primeCsrf(t);
    expect((await forgot({ csrf: 'A'.repeat(43) })).status).toBe(403);
    expect((await forgot({ csrf: 'x' })).status).toBe(403);
  });

  it('refuses a foreign or opaque Origin, and a foreign Referer when Origin is missing', async () => {
    await primeCsrf(t);
    expect((await forgot({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await forgot({ origin: 'null' })).status).toBe(403);
    expect((await forgot({ origin: null, headers: { referer: 'https://evil.example/page' } })).status).toBe(403);
  });

  it('accepts the right token from the own origin, from PUBLIC_URL, or with no Origin at all', async () => {
    await primeCsrf(t);
    expect((await forgot()).status).toBe(200);
    expect((await forgot({ origin: null })).status).toBe(200);
    expect((await forgot({ origin: null, headers: { referer: `${t.config.publicUrl}/client/login` } })).status).toBe(
      200,
    );
  });

  it('wants the session token once logged in, not the anonymous one', async () => {
    const { email } = await insertAccount(t);
    await primeCsrf(t);
    const anonymous = t.csrfToken!;
    expect((await loginAs(t, email)).status).toBe(200);
    const refused = await t.request('/ajax/logout', { method: 'POST', csrf: anonymous });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN);
    expect((await t.request('/ajax/logout', { method: 'POST' })).status).toBe(200);
  });

  it('leaves GET calls alone', async () => {
    const response = await t.request('/ajax/user/data', { origin: 'https://evil.example', csrf: false });
    expect(response.status).toBe(200);
  });
});
