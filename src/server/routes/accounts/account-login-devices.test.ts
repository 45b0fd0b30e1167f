// OWASP's device cookies (services/accounts/login-devices.ts): a device that logged in to an account before
// is throttled on its own, so nobody else's guesses lock the owner out there; and every attempt is
// counted before the slow hash, so no parallel burst passes a limit. The app trusts X-Forwarded-For
// (TRUST_PROXY), so each test picks its own client addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateRules } from '#server/services/rate-limit.ts';
import { DEVICE_COOKIE } from '#server/services/accounts/login-devices.ts';
import { CSRF_COOKIE } from '#server/middleware/session-cookie.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, primeCsrf } from '../../../../tests/setup/accounts.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z', config: { trustProxy: true } });
});
afterAll(() => t.close());

/** A login from a browser behind `ip` holding only a CSRF token and, when given, a device cookie. */
async function loginFrom(ip: string, email: string, password: string, device?: string): Promise<Response> {
  t.cookies.clear();
  await primeCsrf(t);
  if (device !== undefined) t.cookies.set(DEVICE_COOKIE, device);
  return t.request('/ajax/login', { method: 'POST', json: { email, password }, headers: { 'x-forwarded-for': ip } });
}

/** Logs in once and returns the device cookie that login left, as the browser keeps it. */
async function knownDevice(ip: string, email: string, password: string): Promise<string> {
  const response = await loginFrom(ip, email, password);
  expect(response.status).toBe(200);
  return t.cookies.get(DEVICE_COOKIE)!;
}

/** `count` parallel logins from one browser tab behind `ip`; their statuses. */
async function burst(count: number, ip: string, email: string, device?: string): Promise<number[]> {
  t.cookies.clear();
  await primeCsrf(t);
  const cookie = [
    `${CSRF_COOKIE}=${t.cookies.get(CSRF_COOKIE)}`,
    ...(device ? [`${DEVICE_COOKIE}=${device}`] : []),
  ].join('; ');
  const token = t.csrfToken!;
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      t
        .request('/ajax/login', {
          method: 'POST',
          json: { email, password: `burst-guess-${i}` },
          cookies: false,
          csrf: token,
          headers: { cookie, 'x-forwarded-for': ip },
        })
        .then((response) => response.status),
    ),
  );
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('login device cookies', () => {
  it('lets the owner in at once on a known device after 120 failures from 12 addresses', async () => {
    const { email, password } = await insertAccount(t);
    const device = await knownDevice('192.0.2.200', email, password);
    for (let address = 0; address < 12; address++) {
      for (let i = 0; i < 10; i++)
        expect([422, 429]).toContain(
          (await loginFrom(`192.0.2.${address + 1}`, email, `guess-${address}-${i}`)).status,
        );
    }
    // The account-wide ceiling is reached: a browser the account never used is refused…
    expect((await loginFrom('192.0.2.201', email, password)).status).toBe(429);
    // …the owner's own device is not, even from a new address.
    expect((await loginFrom('192.0.2.202', email, password, device)).status).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Lax cookie for the login only, for a year, and keeps its device id', async () => {
    const { email, password } = await insertAccount(t);
    const response = await loginFrom('192.0.2.210', email, password);
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/ajax\/login/);
    expect(line).toMatch(/Max-Age=31536000/);
    expect(line).not.toMatch(/Secure/);
    const device = t.cookies.get(DEVICE_COOKIE)!;
    expect((await loginFrom('192.0.2.210', email, password, device)).status).toBe(200);
    expect(t.cookies.get(DEVICE_COOKIE)).toBe(device);
  });

  it('is Secure when the portal is served over https', async () => {
    const secure = await createTestApp({ config: { secure: true } });
    try {
      const { email, password } = await insertAccount(secure);
      await primeCsrf(secure);
      const response = await secure.request('/ajax/login', { method: 'POST', json: { email, password } });
      expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))).toMatch(
        /Secure/,
      );
    } finally {
      await secure.close();
    }
  });

  it("counts a known device's failures against that device only", async () => {
    const { email, password } = await insertAccount(t);
    const device = await knownDevice('192.0.2.220', email, password);
    for (let i = 0; i < rateRules.loginDevice.limit; i++)
      expect((await loginFrom('192.0.2.220', email, `wrong-password-${i}`, device)).status).toBe(422);
    // The device is stopped, right password or not…
    expect((await loginFrom('192.0.2.220', email, password, device)).status).toBe(429);
    // …its failures did not count against the address or the account.
    expect((await loginFrom('192.0.2.220', email, password)).status).toBe(200);
  });

  it("ignores a forged cookie and another account's", async () => {
    const owner = await insertAccount(t);
    const other = await insertAccount(t);
    const device = await knownDevice('192.0.2.230', other.email, other.password);
    const [id, deviceId, mac] = device.split('.');
    const forged = [
      `${id}.${deviceId}x.${mac}`,
      `${id}.${deviceId}.${mac!.slice(1)}A`,
      `${id}.${deviceId}.${mac}.x`,
      'garbage',
    ];
    const guesses = [device, ...forged];
    for (let i = 0; i < rateRules.loginAccountIp.limit; i++) {
      expect(
        (await loginFrom('192.0.2.231', owner.email, `wrong-password-${i}`, guesses[i % guesses.length])).status,
      ).toBe(422);
    }
    // Each of them counted against the account and address, as from an unknown browser.
    expect((await loginFrom('192.0.2.231', owner.email, owner.password, device)).status).toBe(429);
  });

  it('lets a parallel burst of wrong passwords pass each limit by no more than one', async () => {
    const { email, password } = await insertAccount(t);
    const fromAddress = await burst(66, '192.0.2.240', email);
    expect(count(fromAddress, 422)).toBeLessThanOrEqual(rateRules.loginAccountIp.limit + 1);
    expect(count(fromAddress, 422) + count(fromAddress, 429)).toBe(66);

    const device = await knownDevice('192.0.2.241', email, password);
    const fromDevice = await burst(66, '192.0.2.241', email, device);
    expect(count(fromDevice, 422)).toBeLessThanOrEqual(rateRules.loginDevice.limit + 1);
    expect(count(fromDevice, 422) + count(fromDevice, 429)).toBe(66);
  });
});
