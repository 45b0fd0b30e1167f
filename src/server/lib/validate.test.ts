import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineEndpoint, okResponse } from '#shared/api/endpoint.ts';
import type { AppDeps, AppEnv } from '#server/context.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { silentLogger } from '#server/lib/logger.ts';
import { MAX_JSON_BYTES, route } from '#server/lib/validate.ts';
import { jsonBody } from '../../../tests/setup/json.ts';

// route() in isolation: a bare Hono app with only what the helper touches (the logger).

const echo = defineEndpoint({
  method: 'POST',
  path: '/api/v9/echo/:id',
  input: v.object({
    name: v.pipe(v.string('Введите имя'), v.trim(), v.nonEmpty('Введите имя')),
    age: v.optional(v.number('Возраст — число')),
  }),
  output: okResponse({ name: v.string(), id: v.string() }),
});
const search = defineEndpoint({
  method: 'GET',
  path: '/api/v9/search',
  input: v.object({ q: v.pipe(v.string(), v.minLength(2, 'Минимум 2 символа')) }),
  output: okResponse({ q: v.string() }),
});

function makeApp(handler: (name: string, id: string) => unknown) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { log: silentLogger } as unknown as AppDeps);
    await next();
  });
  route(app, echo, async (c, input) => handler(input.name, c.req.param('id') ?? '') as never, {
    stripPrefix: '/api/v9',
    status: 201,
  });
  route(app, search, async (_c, input) => ({ success: true as const, q: input.q }), { stripPrefix: '/api/v9' });
  app.onError((error, c) => c.json({ error: error.message }, 500));
  return app;
}

const post = (app: Hono<AppEnv>, body: NonNullable<RequestInit['body']>) =>
  app.request('/echo/7', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

describe('route()', () => {
  it('registers method and path (minus the mount prefix), parses input and strips unknown output fields', async () => {
    const app = makeApp((name, id) => ({ success: true, name, id, passwordHash: 'secret' }));
    const response = await post(app, JSON.stringify({ name: '  Анна ', extra: 1 }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true, name: 'Анна', id: '7' });
    expect((await app.request('/echo/7')).status).toBe(404);
  });

  it('reads GET input from the query string', async () => {
    const app = makeApp(() => ({}));
    expect(await (await app.request('/search?q=abc')).json()).toEqual({ success: true, q: 'abc' });
    const short = await app.request('/search?q=a');
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({
      success: false,
      message: 'Минимум 2 символа',
      errors: { q: ['Минимум 2 символа'] },
    });
  });

  it('answers 422 with every field message and the first on top', async () => {
    const response = await post(
      makeApp(() => ({})),
      JSON.stringify({ name: ' ', age: 'old' }),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Введите имя',
      errors: { name: ['Введите имя'], age: ['Возраст — число'] },
    });
  });

  it('answers 400 for bodies that are not a JSON object or exceed 64 KB', async () => {
    const app = makeApp(() => ({}));
    for (const body of ['', '{', '[]', 'null', '1', JSON.stringify({ name: 'x'.repeat(MAX_JSON_BYTES) })]) {
      const response = await post(app, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, message: 'Некорректный запрос' });
    }
  });

  it('turns a thrown ApiFailure into its refusal', async () => {
    const app = makeApp(() => {
      throw fieldFailure('name', 'Имя занято', 409);
    });
    const response = await post(app, JSON.stringify({ name: 'Анна' }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ success: false, message: 'Имя занято', errors: { name: ['Имя занято'] } });
  });

  it('fails loudly when a handler breaks the output contract', async () => {
    const app = makeApp(() => ({ success: true, name: 42 }));
    const response = await post(app, JSON.stringify({ name: 'Анна' }));
    expect(response.status).toBe(500);
    expect((await jsonBody<{ error: string }>(response)).error).toContain('does not match its output schema');
  });
});
