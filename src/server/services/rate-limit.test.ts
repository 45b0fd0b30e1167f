import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema/platform.ts';
import {
  enforceLimits,
  enforceLimitsOrGiveBack,
  hit,
  refundHits,
  tooManyAttemptsMessage,
} from '#server/services/rate-limit.ts';
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

  it('gives a hit back to the window it was counted in, for that rule only', async () => {
    const refunded = { name: 'refund-a', limit: 5, windowSeconds: 60 };
    const kept = { name: 'refund-b', limit: 5, windowSeconds: 60 };
    const hitsOf = async (name: string) =>
      (
        await t.db
          .select({ windowStart: rateLimits.windowStart, hits: rateLimits.hits })
          .from(rateLimits)
          .where(like(rateLimits.key, `${name}:%`))
      )
        .map((row) => [row.windowStart.toISOString(), row.hits])
        .sort();
    t.setNow('2026-03-10T10:00:59.500Z');
    const counted = await enforceLimits(t.deps, [
      [refunded, 'x'],
      [kept, 'x'],
    ]);
    t.advance(1000); // a new window begins while the attempt is being checked
    await enforceLimits(t.deps, [[refunded, 'x']]);
    await refundHits(t.deps, counted, refunded);
    expect(await hitsOf('refund-a')).toEqual([
      ['2026-03-10T10:00:00.000Z', 0],
      ['2026-03-10T10:01:00.000Z', 1],
    ]);
    expect(await hitsOf('refund-b')).toEqual([['2026-03-10T10:00:00.000Z', 1]]);
    // Never below zero, even if given back twice.
    await refundHits(t.deps, counted, refunded);
    expect((await hitsOf('refund-a'))[0]).toEqual(['2026-03-10T10:00:00.000Z', 0]);
  });

  it("keeps none of a refused attempt's hits with enforceLimitsOrGiveBack, on any of its rules", async () => {
    const mine = { name: 'give-back-mine', limit: 1, windowSeconds: 60 };
    const shared = { name: 'give-back-shared', limit: 3, windowSeconds: 60 };
    await enforceLimitsOrGiveBack(t.deps, [
      [mine, 'stranger'],
      [shared, 'victim'],
    ]);
    for (let refused = 0; refused < 5; refused += 1)
      await expect(
        enforceLimitsOrGiveBack(t.deps, [
          [mine, 'stranger'],
          [shared, 'victim'],
        ]),
      ).rejects.toMatchObject({
        status: 429,
      });
    // The refused five left the shared counter at the one mail that went out: the owner still has 2.
    const counted = await enforceLimitsOrGiveBack(t.deps, [[shared, 'victim']]);
    expect(counted.map((entry) => entry.hits)).toEqual([2]);
  });

  it('words the wait in whole minutes, at least one', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Слишком много попыток. Попробуйте через 1 мин.');
    expect(tooManyAttemptsMessage(900)).toBe('Слишком много попыток. Попробуйте через 15 мин.');
    expect(tooManyAttemptsMessage(61)).toBe('Слишком много попыток. Попробуйте через 2 мин.');
  });
});
