import { describe, expect, it } from 'vitest';
import { MAX_DELIVERY_ATTEMPTS, nextDeliveryDelay } from './delivery-backoff.ts';

describe('nextDeliveryDelay', () => {
  it('doubles from 10 s and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map((n) => nextDeliveryDelay(n))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(nextDeliveryDelay(9)).toBe(2_560_000);
    expect(nextDeliveryDelay(10)).toBe(60 * 60_000);
    expect(nextDeliveryDelay(MAX_DELIVERY_ATTEMPTS - 1)).toBe(60 * 60_000);
  });

  it('waits as long as the channel asks when that is longer, but never more than an hour', () => {
    expect(nextDeliveryDelay(1, 35_000)).toBe(35_000);
    expect(nextDeliveryDelay(3, 1_000)).toBe(40_000);
    expect(nextDeliveryDelay(1, 24 * 60 * 60_000)).toBe(60 * 60_000);
  });

  it('gives up after the last try', () => {
    expect(nextDeliveryDelay(MAX_DELIVERY_ATTEMPTS)).toBeNull();
  });
});
