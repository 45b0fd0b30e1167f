import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { accountTestApp, loginAs, mailedPassword, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { errorBody, jsonBody } from '../../../../tests/setup/json.ts';

const UNAUTHORIZED = { success: false, message: 'Требуется авторизация' };
// Each test logged out with a fresh CSRF token, a day after the last (fresh rate-limit windows).
const t = accountTestApp('2026-03-02T09:00:00Z');

const createClient = (json: unknown, token?: string | null) =>
  t.integration('/clients', { method: 'POST', json, ...(token === undefined ? {} : { token }) });

describe('integration API auth', () => {
  it('answers 401 without a token, with a wrong one, or with another scheme', async () => {
    for (const token of [null, 'wrong-token', '', 'test-integration-token-012345678']) {
      const response = await createClient({ email: uniqueEmail(), name: 'Анна', surname: 'Смирнова' }, token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(UNAUTHORIZED);
    }
    const basic = await t.request('/api/v1/clients', {
      method: 'POST',
      headers: { authorization: 'Basic dGVzdDp0ZXN0' },
      json: {},
      csrf: false,
      cookies: false,
    });
    expect(basic.status).toBe(401);
    // The check runs before the body is read: garbage without a token is still 401.
    const garbage = await t.integration('/clients', { method: 'POST', body: '{not json', token: null });
    expect(garbage.status).toBe(401);
  });

  it('answers 401 to everything when no token is configured', async () => {
    const saved = t.config.integrationTokens;
    t.config.integrationTokens = [];
    try {
      expect((await createClient({ email: uniqueEmail(), name: 'А', surname: 'Б' })).status).toBe(401);
    } finally {
      t.config.integrationTokens = saved;
    }
  });

  it('answers unknown paths with a JSON 404 once authorised', async () => {
    const response = await t.integration('/no-such-call');
    expect(response.status).toBe(404);
    expect((await errorBody(response)).success).toBe(false);
  });
});

describe('POST /api/v1/clients', () => {
  it('creates the account with a generated, mailed password and a client.registered event', async () => {
    const email = uniqueEmail('erp');
    const response = await createClient({
      email: email.toUpperCase(),
      name: 'Мария',
      surname: 'Иванова',
      phone: '+7 900 000-00-00',
      company: 'Дент',
    });
    expect(response.status).toBe(201);
    const { id } = await jsonBody<{ id: number }>(response);
    expect(id).toEqual(expect.any(Number));
    const [row] = await t.db.select().from(clients).where(eq(clients.id, id));
    expect(row).toMatchObject({ email, name: 'Мария', surname: 'Иванова', patronymic: null, company: 'Дент' });
    const [event] = await t.db.select().from(events).where(eq(events.clientId, id));
    expect(event).toMatchObject({
      type: 'client.registered',
      payload: { client_id: id, email, source: 'integration' },
    });
    const password = await mailedPassword(t, email);
    expect((await loginAs(t, email, password)).status).toBe(200);
  });

  it('takes a given password and mails nothing', async () => {
    const email = uniqueEmail('erp-pass');
    const response = await createClient({ email, name: 'Олег', surname: 'Орлов', password: 'given-password-1' });
    expect(response.status).toBe(201);
    expect(await t.outbox.for(email)).toHaveLength(0);
    expect((await loginAs(t, email, 'given-password-1')).status).toBe(200);
  });

  it('answers 409 for a taken e-mail, whatever its case', async () => {
    const email = uniqueEmail('erp-dup');
    expect((await createClient({ email, name: 'А', surname: 'Б', password: 'password-123' })).status).toBe(201);
    const response = await createClient({
      email: email.toUpperCase(),
      name: 'В',
      surname: 'Г',
      password: 'password-123',
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Пользователь с таким e-mail уже зарегистрирован',
      errors: { email: ['Пользователь с таким e-mail уже зарегистрирован'] },
    });
  });

  it('answers 422 with field errors and 400 for malformed JSON, writing nothing', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(clients))[0]!.n;
    const before = await count();
    const invalid = await createClient({ email: 'nope', name: '', password: 'short' });
    expect(invalid.status).toBe(422);
    const body = await errorBody(invalid);
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'password', 'surname']);
    const malformed = await t.integration('/clients', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, message: 'Некорректный запрос' });
    expect(await count()).toBe(before);
  });
});
