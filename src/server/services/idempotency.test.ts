import { idempotencyKeyOf } from '#shared/api/headers.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '#server/db/schema/platform.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { insertAccount } from '../../../tests/setup/accounts.ts';
import { IDEMPOTENCY_RETENTION_MS, pruneIdempotencyKeys, requestHash, withIdempotency } from './idempotency.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { DAY_MS } from '#shared/durations.ts';

let t: TestApp;
const NOW = Date.parse('2026-04-01T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(() => t.close());

describe('idempotency keys', () => {
  it('accepts 8–200 characters of A–Z a–z 0–9 _ - : .', () => {
    expect(idempotencyKeyOf('abcDEF12')).toBe('abcDEF12');
    expect(idempotencyKeyOf('0b6c1a4e-8f7d-4a8e-9d3c-2f1e0a9b8c7d')).not.toBeNull();
    expect(idempotencyKeyOf('a:b.c_d-e')).not.toBeNull();
    expect(idempotencyKeyOf('x'.repeat(200))).not.toBeNull();
    for (const bad of [undefined, '', 'short', 'x'.repeat(201), 'with space', 'slash/slash', 'ключ-ключ']) {
      expect(idempotencyKeyOf(bad)).toBeNull();
    }
  });

  it('hashes method, path and body, not the key order of the body', () => {
    const base = { method: 'POST', path: '/a', body: { x: 1, y: [{ b: 2, a: 1 }] } };
    expect(requestHash(base)).toBe(requestHash({ ...base, body: { y: [{ a: 1, b: 2 }], x: 1 } }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, path: '/b' }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, method: 'PUT' }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, body: { x: 2, y: [{ a: 1, b: 2 }] } }));
  });

  it('runs once per key; a failure that is not a decision outcome keeps no key', async () => {
    const client = await insertAccount(t);
    const request = { method: 'POST', path: '/p', body: { n: 1 } };
    let runs = 0;
    const first = await withIdempotency(t.deps, client.id, 'key-00000001', request, async () => ({ n: ++runs }));
    const second = await withIdempotency(t.deps, client.id, 'key-00000001', request, async () => ({ n: ++runs }));
    expect(first).toEqual({ status: 200, body: { n: 1 }, replayed: false });
    expect(second).toEqual({ status: 200, body: { n: 1 }, replayed: true });
    await expect(
      withIdempotency(t.deps, client.id, 'key-00000002', request, async () => {
        throw new ApiFailure(404, { success: false, message: 'Не найдено' });
      }),
    ).rejects.toBeInstanceOf(ApiFailure);
    await expect(
      withIdempotency(t.deps, client.id, 'key-00000003', request, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.clientId, client.id));
    expect(keys.map((k) => k.key)).toEqual(['key-00000001']);
  });

  it('prunes keys older than 8 days and never a younger one', async () => {
    const client = await insertAccount(t);
    const row = (key: string, age: number) => ({
      clientId: client.id,
      key,
      requestHash: 'h',
      status: 200,
      response: {},
      createdAt: new Date(NOW - age),
    });
    await t.db
      .insert(idempotencyKeys)
      .values([
        row('old-key-1', IDEMPOTENCY_RETENTION_MS + 1000),
        row('old-key-2', 30 * DAY_MS),
        row('edge-key', IDEMPOTENCY_RETENTION_MS - 1000),
        row('young-key', DAY_MS),
      ]);
    expect(IDEMPOTENCY_RETENTION_MS).toBeGreaterThanOrEqual(8 * DAY_MS);
    await pruneIdempotencyKeys(t.db, new Date(NOW));
    const left = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.clientId, client.id));
    expect(left.map((k) => k.key).sort()).toEqual(['edge-key', 'young-key']);
  });
});
