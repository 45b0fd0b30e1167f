import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, MAX_RETRY_AFTER_MS, backoffCeiling, backoffDelay } from './outbox-backoff.ts';

const almostOne = () => 0.999_999;
const zero = () => 0;

describe('backoffCeiling', () => {
  it('doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffCeiling(attempt))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000,
    ]);
    expect(backoffCeiling(7)).toBe(BACKOFF_CAP_MS);
    expect(backoffCeiling(50)).toBe(BACKOFF_CAP_MS);
    expect(backoffCeiling(10_000)).toBe(BACKOFF_CAP_MS);
  });

  it('treats attempt 0 like the first', () => {
    expect(backoffCeiling(0)).toBe(BACKOFF_BASE_MS);
  });
});

describe('backoffDelay', () => {
  it('is full jitter: from 0 up to (not including) the ceiling', () => {
    for (const attempt of [1, 3, 8, 20]) {
      expect(backoffDelay(attempt, null, { random: zero })).toBe(0);
      const highest = backoffDelay(attempt, null, { random: almostOne });
      expect(highest).toBeLessThan(backoffCeiling(attempt));
      expect(highest).toBeGreaterThanOrEqual(backoffCeiling(attempt) - 1);
    }
  });

  it('stays within the bounds for any random value', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647; // Park–Miller, deterministic
      return (seed - 1) / 2_147_483_646;
    };
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      for (let i = 0; i < 200; i += 1) {
        const delay = backoffDelay(attempt, null, { random });
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)));
      }
    }
  });

  it('grows on average with the attempts until the cap', () => {
    const half = () => 0.5;
    expect(backoffDelay(1, null, { random: half })).toBe(2_500);
    expect(backoffDelay(2, null, { random: half })).toBe(5_000);
    expect(backoffDelay(4, null, { random: half })).toBe(20_000);
    expect(backoffDelay(30, null, { random: half })).toBe(BACKOFF_CAP_MS / 2);
  });

  it('never waits less than Retry-After', () => {
    expect(backoffDelay(1, 30_000, { random: zero })).toBe(30_000);
    expect(backoffDelay(1, 30_000, { random: almostOne })).toBe(30_000);
    // A jittered delay above Retry-After stands.
    expect(backoffDelay(8, 1_000, { random: almostOne })).toBeGreaterThan(1_000);
    // Above the cap too: the server asked for it.
    expect(backoffDelay(1, BACKOFF_CAP_MS * 2, { random: zero })).toBe(BACKOFF_CAP_MS * 2);
  });

  it('bounds an absurd Retry-After', () => {
    expect(backoffDelay(1, 30 * 24 * 60 * 60_000, { random: zero })).toBe(MAX_RETRY_AFTER_MS);
    expect(backoffDelay(1, -5, { random: zero })).toBe(0);
  });

  it('takes its own base and cap', () => {
    expect(backoffDelay(3, null, { baseMs: 100, capMs: 250, random: almostOne })).toBe(249);
  });
});
