import { doublingDelay, retryAfterFloor } from '#shared/backoff.ts';
// When a delivery that failed for a passing reason (a 5xx, a 429, a timeout, no network) is tried
// again (ADR 0019): 10 s, 20 s, 40 s … doubling up to an hour, and given up after MAX_ATTEMPTS
// tries (about three and a half hours in all). A channel's own "retry after" wins when it asks for longer.

export const MAX_DELIVERY_ATTEMPTS = 12;
const FIRST_DELAY_MS = 10_000;
const LONGEST_DELAY_MS = 60 * 60_000;

/** Delay before the next try after `attempts` tries failed, or null when it is time to give up. */
export function nextDeliveryDelay(attempts: number, retryAfterMs?: number): number | null {
  if (attempts >= MAX_DELIVERY_ATTEMPTS) return null;
  return Math.max(
    doublingDelay(attempts, FIRST_DELAY_MS, LONGEST_DELAY_MS),
    retryAfterFloor(retryAfterMs, LONGEST_DELAY_MS),
  );
}
