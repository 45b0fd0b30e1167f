// Secrets never reach a log line (issue 40): a login, a password reset, a mailed code confirmed and
// an integration call, then every line the server wrote is searched for the values they carried.
// The same values are also logged the way a careless handler might (headers and bodies as fields),
// so the test fails if the logger's redaction (lib/log-redaction.ts) stops censoring them.
import { describe, expect, it } from 'vitest';
import {
  accountTestApp,
  DEFAULT_PASSWORD,
  insertAccount,
  loginAs,
  mailedCode,
  mailedResetToken,
  registrationForm,
  uniqueEmail,
} from '../../../tests/setup/accounts.ts';
import { TEST_INTEGRATION_TOKEN } from '../../../tests/setup/test-app.ts';

const t = accountTestApp('2026-03-02T09:00:00Z', { daysApart: 40 });
const NEW_PASSWORD = 'brand-new-secret-7';

/** Every string and number anywhere in the log lines. */
function loggedValues(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string' || typeof value === 'number') into.push(String(value));
  else if (value && typeof value === 'object') for (const item of Object.values(value)) loggedValues(item, into);
  return into;
}

describe('the log', () => {
  it('holds no password, code, token, cookie, CSRF token or bearer of the calls it logged', async () => {
    t.logs.length = 0;
    const { email } = await insertAccount(t);
    expect((await loginAs(t, email)).status).toBe(200);
    const session = t.cookies.get('portal_session')!;
    const csrf = t.csrfToken!;
    expect((await t.request('/ajax/logout', { method: 'POST' })).status).toBe(200);

    expect((await t.request('/ajax/password/forgot', { method: 'POST', json: { email } })).status).toBe(200);
    const resetToken = await mailedResetToken(t, email);
    const reset = await t.request('/ajax/password/reset', {
      method: 'POST',
      json: { code: resetToken, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);

    const form = registrationForm(uniqueEmail('log'));
    expect((await t.request('/ajax/register/send-code', { method: 'POST', json: form })).status).toBe(200);
    const code = await mailedCode(t, form.email);
    expect((await t.request('/ajax/register/confirm', { method: 'POST', json: { ...form, code } })).status).toBe(200);

    const created = await t.integration('/clients', {
      method: 'POST',
      json: { email: uniqueEmail('api'), name: 'Анна', surname: 'Смирнова' },
    });
    expect(created.status).toBe(201);

    // What a careless handler might log: a request's headers and its body.
    t.deps.log.warn('careless', {
      headers: {
        cookie: `portal_session=${session}`,
        'x-csrf-token': csrf,
        authorization: `Bearer ${TEST_INTEGRATION_TOKEN}`,
      },
      body: { email, password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD, code, token: resetToken },
    });

    const routes = t.logs.filter((line) => line.msg === 'request').map((line) => line.route);
    expect(routes).toEqual(
      expect.arrayContaining(['/ajax/login', '/ajax/password/reset', '/ajax/register/confirm', '/api/v1/clients']),
    );
    expect(t.logs.some((line) => line.msg === 'careless')).toBe(true);
    const text = JSON.stringify(t.logs);
    for (const secret of [DEFAULT_PASSWORD, NEW_PASSWORD, resetToken, session, csrf, TEST_INTEGRATION_TOKEN])
      expect(text).not.toContain(secret);
    // The code's 4 digits may well occur inside a timestamp; as a value of its own they must not.
    expect(loggedValues(t.logs)).not.toContain(code);
  });
});
