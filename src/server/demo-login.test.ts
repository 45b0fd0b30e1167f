// The seeded demo account works end to end through the account routes, and the test app's request
// helper behaves like a browser (cookie jar, Origin, CSRF token picked up from JSON answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './db/seed.ts';

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
