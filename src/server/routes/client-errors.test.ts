import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_MAX_BYTES, describeClientError, reportClientError } from '#shared/api/client-errors.ts';
import { rateRules } from '#server/services/rate-limit.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../tests/setup/accounts.ts';

// A report comes by navigator.sendBeacon: no CSRF header, maybe no session, never a cookie-less
// attacker page of another origin.

let t: TestApp;
/** Trusts X-Forwarded-For, so a test can have an address of its own. */
let proxied: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  proxied = await createTestApp({ now: '2026-03-02T09:00:00Z', config: { trustProxy: true } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const report = { source: 'window', message: 'TypeError: x is undefined', url: 'https://portal.test/cabinet/tickets' };

function send(json: unknown, init: { origin?: string | null } = {}): Promise<Response> {
  return t.request(reportClientError.path, { method: 'POST', json, csrf: false, ...init });
}

/** The headers a browser sends with a JSON body (the test requests carry no Content-Length by themselves). */
const jsonOf = (body: string) => ({
  'content-type': 'application/json',
  'content-length': String(Buffer.byteLength(body)),
});

const logged = () => t.logs.filter((line) => line.msg === 'client error');

describe('POST /ajax/client-errors', () => {
  it('logs a report without a session or CSRF token, and with the account id when logged in', async () => {
    t.cookies.clear();
    expect((await send(report)).status).toBe(200);
    expect(logged().at(-1)).toMatchObject({ ...report, clientId: null });

    const account = await insertAccount(t);
    expect((await loginAs(t, account.email)).status).toBe(200);
    expect((await send({ ...report, source: 'worker' })).status).toBe(200);
    expect(logged().at(-1)).toMatchObject({ source: 'worker', clientId: account.id });
  });

  it('takes a report as the page and the worker describe it (describeClientError)', async () => {
    const before = logged().length;
    const report = describeClientError('worker', new RangeError('outbox: bad entry'), 'https://portal.test/sw.js?v=1');
    expect((await send(report)).status).toBe(200);
    expect(logged().slice(before)).toEqual([
      expect.objectContaining({
        source: 'worker',
        message: 'RangeError: outbox: bad entry',
        url: 'https://portal.test/sw.js',
      }),
    ]);
  });

  it('refuses another origin, a malformed report and an oversized body, logging none of them', async () => {
    const before = logged().length;
    expect((await send(report, { origin: 'https://evil.example' })).status).toBe(403);
    const malformed = await send({ source: 'Window!', message: 1 });
    expect(malformed.status).toBe(422);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/[а-я]/i);
    const body = JSON.stringify({ ...report, stack: 'x'.repeat(CLIENT_ERROR_MAX_BYTES) });
    const huge = await t.request(reportClientError.path, { method: 'POST', body, headers: jsonOf(body), csrf: false });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe('Отчёт об ошибке слишком большой');
    expect(logged().length).toBe(before);
  });

  it('counts oversized reports in the limit of their address', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    const huge = JSON.stringify({ ...report, stack: 'x'.repeat(CLIENT_ERROR_MAX_BYTES) });
    const statuses: number[] = [];
    for (let i = 0; i <= rateRules.clientErrorsIp.limit; i++) {
      statuses.push(
        (
          await proxied.request(reportClientError.path, {
            method: 'POST',
            body: huge,
            headers: { ...ip, ...jsonOf(huge) },
            csrf: false,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, -1).every((status) => status === 413)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The address is stopped for small reports too.
    expect(
      (await proxied.request(reportClientError.path, { method: 'POST', json: report, headers: ip, csrf: false }))
        .status,
    ).toBe(429);
  });

  it('stops logging an address that floods it', async () => {
    let last = 0;
    for (let i = 0; i <= rateRules.clientErrorsIp.limit; i++) last = (await send(report)).status;
    expect(last).toBe(429);
  });
});
