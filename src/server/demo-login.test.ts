// The seeded demo account works end to end through the account routes, and the test app's request
// helper behaves like a browser (cookie jar, Origin, CSRF token picked up from JSON answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { DEMO_COURIER_EMAIL, DEMO_COURIER_PASSWORD, DEMO_EMAIL, DEMO_PASSWORD } from './db/seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

describe('demo account', () => {
  it('logs in with the printed credentials and stays logged in through the cookie', async () => {
    const anonymous = await t.request('/ajax/user/data');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toMatchObject({ success: true, user: null });
    expect(t.csrfToken).toBeTruthy();

    const login = await t.request('/ajax/login', {
      method: 'POST',
      json: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ success: true, user: { email: DEMO_EMAIL } });

    const me = await t.request('/ajax/user/data');
    expect(await me.json()).toMatchObject({ success: true, user: { email: DEMO_EMAIL, name: 'Анна' } });
  });

  it('refuses a wrong password', async () => {
    t.cookies.clear();
    await t.request('/ajax/user/data');
    const login = await t.request('/ajax/login', {
      method: 'POST',
      json: { email: DEMO_EMAIL, password: 'wrong-password-1' },
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
  });
});

describe('demo courier', () => {
  it("logs in with the printed credentials and finds today's route in Moscow, some of it done", async () => {
    t.cookies.clear();
    await t.request('/ajax/user/data');
    const login = await t.request('/ajax/login', {
      method: 'POST',
      json: { email: DEMO_COURIER_EMAIL, password: DEMO_COURIER_PASSWORD },
    });
    expect(await login.json()).toMatchObject({ success: true, user: { email: DEMO_COURIER_EMAIL, kind: 'courier' } });
    const day = (await (await t.request('/ajax/courier/stops')).json()) as {
      stops: Array<{ kind: string; state: string; number: number; address: { address: string; coordinates: string } }>;
    };
    expect(day.stops.length).toBeGreaterThanOrEqual(4);
    expect(day.stops.length).toBeLessThanOrEqual(6);
    expect(day.stops.map((stop) => stop.number)).toEqual(day.stops.map((_, index) => index + 1));
    expect(
      day.stops.every(
        (stop) => stop.address.address.includes('Москва') && /^55\.\d+,37\.\d+$/.test(stop.address.coordinates),
      ),
    ).toBe(true);
    expect(new Set(day.stops.map((stop) => stop.kind))).toEqual(new Set(['pickup', 'return']));
    expect(day.stops.filter((stop) => stop.state === 'done').length).toBeGreaterThanOrEqual(1);
    expect(day.stops.filter((stop) => stop.state === 'planned').length).toBeGreaterThanOrEqual(1);
    // A courier, not a clinic: the cabinet is closed to it.
    expect((await t.request('/ajax/cabinet/tickets')).status).toBe(403);
  });
});
