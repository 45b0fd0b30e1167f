import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthOutput } from '#shared/api/health.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { createApp } from './app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes that fail on purpose, added after the app's own (the static middleware passes them on).
  t.app.get('/boom', () => {
    throw new Error('database exploded with secret details');
  });
  t.app.post('/bad-json', async (c) => c.json(await c.req.json()));
  t.app.get('/teapot', () => {
    throw new HTTPException(413, { message: 'Слишком большой запрос' });
  });
});

afterAll(async () => {
  await t?.close();
});

const expectSecurityHeaders = (res: Response) => {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  // The map's tiles, from MAP_TILES_URL's origin and nowhere else.
  expect(csp).toMatch(/img-src 'self' data: blob: http:\/\/tiles\.invalid;/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
};

describe('GET /healthz', () => {
  it('reports the database kind in the shared schema', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    const body = v.parse(healthOutput, await res.json());
    expect(body.db).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'does not queue behind a busy embedded database that has just answered (a balancer must not take it out)',
    async () => {
      const { db } = t.deps.database;
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await db.execute(sql`select 1`);
      // The one connection is taken until the test lets it go: a `select 1` would wait for it.
      const busy = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      });
      const res = await t.request('/healthz');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true, db: 'pglite' });
      release();
      await busy;
    },
  );
});

describe('security headers', () => {
  it.each(['/healthz', '/ajax/nope', '/nothing-here', '/boom'])('are on %s', async (p) => {
    expectSecurityHeaders(await t.request(p));
  });

  it("leave a document's policies off the build's files, which no document or worker runs as itself", async () => {
    const res = await t.request('/assets/index-AbCd1234.js');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'referrer-policy'])
      expect(res.headers.get(name), name).toBeNull();
  });

  it('leave HSTS out over plain HTTP', async () => {
    expect((await t.request('/healthz')).headers.get('strict-transport-security')).toBeNull();
  });

  it('add HSTS when the portal is served over HTTPS', async () => {
    // Only the config differs: a second app on the same dependencies, no second database.
    const secure = createApp({
      ...t.deps,
      config: { ...t.config, secure: true, publicUrl: 'https://portal.example.ru' },
    });
    const res = await secure.request('https://portal.example.ru/healthz');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });
});

describe('errors', () => {
  it('answer an unexpected failure with a Russian JSON 500, no stack trace, and log it', async () => {
    const res = await t.request('/boom');
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[\w-]{8,64}$/);
    const body = (await res.json()) as { message: string; request_id: string };
    expect(body).toEqual({
      success: false,
      message: `Внутренняя ошибка сервера. Попробуйте позже. Код ошибки: ${id}`,
      request_id: id,
    });
    expect(JSON.stringify(body)).not.toContain('database exploded');
    // The id in the answer finds the error, and the request's line, in the log.
    const lines = t.logs.filter((line) => line.request_id === id);
    expect(lines.map((line) => line.msg)).toEqual(['request']);
    expect(lines[0]).toMatchObject({ level: 'error', status: 500, route: '/boom' });
    expect(lines[0]!.error).toMatchObject({ message: expect.stringContaining('database exploded') as unknown });
    expect(JSON.stringify(lines[0])).toContain('at ');
  });

  it('gives every request its own id, or keeps a plausible one a proxy sent', async () => {
    const [first, second] = [await t.request('/healthz'), await t.request('/healthz')];
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    expect(
      (await t.request('/healthz', { headers: { 'x-request-id': 'proxy-abc-123' } })).headers.get('x-request-id'),
    ).toBe('proxy-abc-123');
    const forged = await t.request('/healthz', { headers: { 'x-request-id': 'x "<script>' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs.some((line) => line.request_id === 'proxy-abc-123' && line.msg === 'request')).toBe(true);
  });

  it('answer malformed JSON with 400, not 500', async () => {
    const res = await t.request('/bad-json', {
      method: 'POST',
      body: '{"oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('keep the status of an HTTPException below 500', async () => {
    const res = await t.request('/teapot');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'Слишком большой запрос' });
  });

  it('answer an unknown page with a plain 404 when there is no app shell', async () => {
    const res = await t.request('/nothing-here', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
  });
});

describe('request log', () => {
  it('has method, path, status and duration, and nothing secret', async () => {
    t.logs.length = 0;
    await t.request('/healthz?token=abc', {
      headers: { cookie: 'sid=very-secret-cookie', authorization: 'Bearer zzz' },
    });
    const line = t.logs.find((l) => l.msg === 'request');
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/healthz', path: '/healthz', status: 200 });
    expect(typeof line?.ms).toBe('number');
    expect(typeof line?.time).toBe('string');
    const text = JSON.stringify(t.logs);
    expect(text).not.toContain('very-secret-cookie');
    expect(text).not.toContain('zzz');
    expect(text).not.toContain('token=abc');
  });

  it('hides long opaque path segments such as reset tokens', async () => {
    t.logs.length = 0;
    await t.request('/reset/abcdefghijklmnopqrstuvwxyz0123456789ABCDEF');
    const line = t.logs.find((l) => l.msg === 'request');
    expect(line?.path).toBe('/reset/:redacted');
  });
});
