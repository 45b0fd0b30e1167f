import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs, primeCsrf } from '../../../../tests/setup/accounts.ts';
import { errorBody, jsonBody } from '../../../../tests/setup/json.ts';

// Whatever arrives, the answer is a JSON refusal (400/401/422), never a 500, and nothing is written.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

const ENDPOINTS = [
  '/ajax/register/send-code',
  '/ajax/register/confirm',
  '/ajax/login',
  '/ajax/password/forgot',
  '/ajax/password/reset',
  '/ajax/password/change',
];

const huge = 'я'.repeat(40_000); // 80 KB in UTF-8: over the 64 KB body cap on its own
const long = 'ж'.repeat(1_000); // all eleven fit the cap together, each too long for its field

/** Bodies that are not a JSON object at all: 400. */
const RAW_BODIES: Array<[string, NonNullable<RequestInit['body']>]> = [
  ['empty', ''],
  ['not JSON', 'email=a@b.ru&password=12345678'],
  ['truncated JSON', '{"email":'],
  ['array', '[]'],
  ['array of objects', '[{"email":"a@b.ru"}]'],
  ['null', 'null'],
  ['string', '"text"'],
  ['number', '123'],
  ['boolean', 'true'],
  ['over 64 KB', JSON.stringify({ email: `${huge}@clinic.test` })],
  ['NUL in a value', JSON.stringify({ email: 'a\u0000@b.ru', password: '12345678' })],
  ['NUL in a key', '{"em\\u0000ail":"a@b.ru"}'],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
];

/** Objects that JSON.stringify itself cannot build (too deep), sent as text: 422. */
const RAW_OBJECTS: Array<[string, string]> = [
  ['deep nesting', `{"email":${'['.repeat(20_000)}${']'.repeat(20_000)},"password":"12345678"}`],
  ['wide array', `{"email":[${Array(20_000).fill('0').join(',')}]}`],
];

/** JSON objects with wrong types or sizes: 422 (or 401 for the logged-in-only call). */
const BAD_OBJECTS: Array<[string, Record<string, unknown>]> = [
  ['no fields', {}],
  ['numbers', { email: 123, password: 12345678, code: 1234, firstname: 1, new_password: 1 }],
  ['arrays', { email: ['a@b.ru'], password: ['x'], code: ['1234'], new_password: ['12345678'] }],
  ['nulls', { email: null, password: null, code: null, firstname: null, new_password: null }],
  ['objects', { email: {}, password: { length: 9 }, code: { toString: 'x' }, approvalPolicy: {} }],
  ['booleans', { email: true, password: false, code: true, approvalPolicy: 'true' }],
  [
    'long strings',
    {
      email: `${long}@clinic.test`,
      password: long,
      firstname: long,
      lastname: long,
      phone: long,
      clinicName: long,
      city: long,
      code: long,
      new_password: long,
      new_password_confirmation: long,
      approvalPolicy: true,
    },
  ],
  [
    'prototype keys',
    JSON.parse('{"__proto__":{"email":"a@b.ru"},"constructor":{"prototype":{}}}') as Record<string, unknown>,
  ],
  ['lone surrogate', { email: '\ud800@b.ru', password: '\udfff'.repeat(10), firstname: '\ud800' }],
];

async function counts() {
  const result = await t.db.execute(sql`
    select (select count(*) from clients)::int as clients,
           (select count(*) from one_time_codes)::int as codes,
           (select count(*) from sessions)::int as sessions,
           (select count(*) from events)::int as events`);
  const rows = 'rows' in result ? (result.rows as unknown[]) : (result as unknown as unknown[]);
  return rows[0];
}

const JSON_TYPE = { 'content-type': 'application/json' };

async function expectRefusal(response: Response, allowed: number[], label: string) {
  expect(allowed, `${label}: status ${response.status}`).toContain(response.status);
  expect(response.headers.get('content-type'), label).toContain('application/json');
  const body = await jsonBody<{ success: unknown; message: unknown }>(response);
  expect(body.success, label).toBe(false);
  expect(typeof body.message, label).toBe('string');
}

describe('garbage input', () => {
  it('refuses non-objects with 400 and bad objects with 422 on every account call, writing nothing', async () => {
    await primeCsrf(t);
    const before = await counts();
    const outboxBefore = (await t.outbox.all()).length;
    for (const path of ENDPOINTS) {
      const loggedOutOnly = path === '/ajax/password/change' ? [401] : null;
      for (const [label, body] of RAW_BODIES) {
        const response = await t.request(path, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        });
        await expectRefusal(response, loggedOutOnly ?? [400], `${path} ${label}`);
      }
      for (const [label, json] of BAD_OBJECTS) {
        const response = await t.request(path, { method: 'POST', json });
        await expectRefusal(response, loggedOutOnly ?? [422], `${path} ${label}`);
      }
      for (const [label, body] of RAW_OBJECTS) {
        const response = await t.request(path, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        });
        await expectRefusal(response, loggedOutOnly ?? [422], `${path} ${label}`);
      }
    }
    expect(await counts()).toEqual(before);
    expect(await t.outbox.all()).toHaveLength(outboxBefore);
  });

  it('refuses garbage on the logged-in password change too', async () => {
    const { email } = await insertAccount(t);
    await loginAs(t, email);
    const before = await counts();
    for (const [label, body] of RAW_BODIES) {
      const response = await t.request('/ajax/password/change', { method: 'POST', body, headers: JSON_TYPE });
      await expectRefusal(response, [400], label);
    }
    for (const [label, json] of BAD_OBJECTS) {
      const response = await t.request('/ajax/password/change', { method: 'POST', json });
      await expectRefusal(response, [422], label);
    }
    for (const [label, body] of RAW_OBJECTS) {
      const response = await t.request('/ajax/password/change', { method: 'POST', body, headers: JSON_TYPE });
      await expectRefusal(response, [422], label);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses garbage on the integration API the same way', async () => {
    const before = await counts();
    for (const [label, body] of RAW_BODIES) {
      const response = await t.integration('/clients', { method: 'POST', body, headers: JSON_TYPE });
      await expectRefusal(response, [400], label);
    }
    for (const [label, json] of BAD_OBJECTS) {
      const response = await t.integration('/clients', { method: 'POST', json });
      await expectRefusal(response, [422], label);
    }
    for (const [label, body] of RAW_OBJECTS) {
      const response = await t.integration('/clients', { method: 'POST', body, headers: JSON_TYPE });
      await expectRefusal(response, [422], label);
    }
    expect(await counts()).toEqual(before);
  });

  it('reads a body as JSON only when it says it is JSON: 415 otherwise, in Russian, writing nothing', async () => {
    await primeCsrf(t);
    const before = await counts();
    const json = JSON.stringify({ email: 'a@b.ru', password: '12345678' });
    for (const type of [
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      const headers = type ? { 'content-type': type } : undefined;
      const browser = await t.request('/ajax/login', { method: 'POST', body: json, headers });
      expect(browser.status, type).toBe(415);
      expect((await errorBody(browser)).message).toBe(
        'Тело запроса должно быть в формате JSON (Content-Type: application/json)',
      );
      expect((await t.integration('/clients', { method: 'POST', body: json, headers })).status, type).toBe(415);
    }
    const withCharset = await t.request('/ajax/login', {
      method: 'POST',
      body: json,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('ignores any body on logout and answers GET user data whatever the query', async () => {
    await primeCsrf(t);
    const logout = await t.request('/ajax/logout', { method: 'POST', body: '[[[garbage' });
    expect(logout.status).toBe(200);
    const data = await t.request('/ajax/user/data?user=1&csrf_token[]=x&%00=%ff');
    expect(data.status).toBe(200);
  });
});
