// Login throttling per IP counts failures only: a clinic's staff behind one NAT address (and the
// end-to-end suite on 127.0.0.1) may log in any number of times; guessing from one address may not.
// The app trusts X-Forwarded-For (TRUST_PROXY), so each test picks its own client address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFailure, enforceLimits, rateRules } from '#server/services/rate-limit.ts';
import { CSRF_COOKIE } from '#server/middleware/session-cookie.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, primeCsrf } from '../../../../tests/setup/accounts.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z', config: { trustProxy: true } });
});
afterAll(() => t.close());

/** A login from a fresh browser tab (no session yet) behind `ip`. */
async function loginFrom(ip: string, email: string, password: string): Promise<Response> {
  t.cookies.clear();
  await primeCsrf(t);
  return t.request('/ajax/login', { method: 'POST', json: { email, password }, headers: { 'x-forwarded-for': ip } });
}

/** Brings an address to `failures` failed logins in this window, as the login counts them (no slow hashing). */
async function failedBefore(ip: string, failures: number): Promise<void> {
  for (let i = 0; i < failures; i++) await enforceLimits(t.deps, [[rateRules.loginIp, ip]]);
}

describe('login throttling per IP', () => {
  it('does not count successful logins, only failures', async () => {
    const ip = '203.0.113.10';
    const first = await insertAccount(t);
    const second = await insertAccount(t);
    await failedBefore(ip, rateRules.loginIp.limit - 1);

    // One failure short of the limit, yet everyone behind this address still gets in.
    for (const account of [first, second, first]) {
      expect((await loginFrom(ip, account.email, account.password)).status).toBe(200);
    }

    // The last allowed failure, and then the address is blocked, right password or not…
    expect((await loginFrom(ip, second.email, 'not-the-password')).status).toBe(422);
    const blocked = await loginFrom(ip, first.email, first.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toEqual(expect.any(String));

    // …but only that address: the limit follows the client address the proxy reported.
    expect((await loginFrom('203.0.113.11', first.email, first.password)).status).toBe(200);
  });

  it('stops a guesser on one address without locking the owner out on another', async () => {
    const { email, password } = await insertAccount(t);
    const guesser = '198.51.100.1';
    for (let i = 0; i < rateRules.loginAccountIp.limit; i++) {
      expect((await loginFrom(guesser, email, `wrong-guess-${i}`)).status).toBe(422);
    }
    expect((await loginFrom(guesser, email, password)).status).toBe(429);
    expect((await loginFrom('198.51.100.2', email, password)).status).toBe(200);
  });

  it('refuses the account everywhere at the hourly ceiling of failures and mails its owner', async () => {
    const { email, password } = await insertAccount(t);
    for (let i = 0; i < rateRules.loginAccount.limit - 1; i++)
      await countFailure(t.deps, [[rateRules.loginAccount, email]]);
    expect(await t.outbox.for(email)).toHaveLength(0);
    expect((await loginFrom('198.51.100.3', email, 'the-last-guess')).status).toBe(422);
    expect((await t.outbox.latest(email))?.subject).toBe('Много неудачных попыток входа');
    expect((await loginFrom('198.51.100.4', email, password)).status).toBe(429);
  });

  it('never refuses correct logins of one account, however many come at once, and counts none of them', async () => {
    const { email, password } = await insertAccount(t);
    t.cookies.clear();
    await primeCsrf(t);
    const token = t.csrfToken!;
    const cookie = `${CSRF_COOKIE}=${t.cookies.get(CSRF_COOKIE)}`;
    const ip = '198.51.100.5';
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t
          .request('/ajax/login', {
            method: 'POST',
            json: { email, password },
            cookies: false,
            csrf: token,
            headers: { cookie, 'x-forwarded-for': ip },
          })
          .then((response) => response.status),
      ),
    );
    // Each is counted before its hash; those finding the counter full of others still in flight wait for them.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Every success gave its hit back: the address still has all its attempts.
    for (let i = 0; i < rateRules.loginAccountIp.limit; i++)
      expect((await loginFrom(ip, email, `wrong-password-${i}`)).status).toBe(422);
    expect((await loginFrom(ip, email, password)).status).toBe(429);
  });
});
