import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema.ts';
import { hit, tooManyAttemptsMessage } from '#server/services/rate-limit.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('allows `limit` hits per fixed window, then tells how long to wait', async () => {
    for (let i = 0; i < 3; i++) expect(await hit(t.deps, 'k1', 3, 60)).toEqual({ allowed: true });
    t.advance(15_000);
    expect(await hit(t.deps, 'k1', 3, 60)).toEqual({ allowed: false, retryAfter: 45 });
    expect(await hit(t.deps, 'other', 3, 60)).toEqual({ allowed: true });
    t.advance(45_000);
    expect(await hit(t.deps, 'k1', 3, 60)).toEqual({ allowed: true });
  });

  it('prunes windows older than a day as it goes', async () => {
    await hit(t.deps, 'old', 1, 60);
    t.advance(2 * 24 * 60 * 60 * 1000);
    await hit(t.deps, 'new', 1, 60);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toEqual(['new']);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits))[0]!.n).toBe(1);
  });

  it('words the wait in whole minutes, at least one', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Слишком много попыток. Попробуйте через 1 мин.');
    expect(tooManyAttemptsMessage(900)).toBe('Слишком много попыток. Попробуйте через 15 мин.');
    expect(tooManyAttemptsMessage(61)).toBe('Слишком много попыток. Попробуйте через 2 мин.');
  });
});
