// Login throttling per IP counts failures only: a clinic's staff behind one NAT address (and the
// end-to-end suite on 127.0.0.1) may log in any number of times; guessing from one address may not.
// The app trusts X-Forwarded-For (TRUST_PROXY), so each test picks its own client address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { insertAccount, primeCsrf } from '../../../tests/setup/accounts.ts';

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

  it('still counts failures per e-mail, whichever address they come from', async () => {
    const { email, password } = await insertAccount(t);
    for (let i = 0; i < rateRules.loginEmail.limit - 1; i++) await enforceLimits(t.deps, [[rateRules.loginEmail, email]]);
    expect((await loginFrom('198.51.100.1', email, 'not-the-password')).status).toBe(422);
    expect((await loginFrom('198.51.100.2', email, password)).status).toBe(429);
  });
});
