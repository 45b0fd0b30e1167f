// Exponential back-off, one rule for the service worker's outbox (sw/outbox-backoff.ts) and the
// server's notification deliveries (services/notifications/delivery-backoff.ts): each failed attempt doubles the
// wait up to a cap, and a "retry after" from the other side is a floor, bounded so that a broken
// proxy cannot park the work for days.

/** The wait after the n-th failed attempt (1-based): first · 2^(n−1), at most cap. */
export function doublingDelay(attempt: number, firstMs: number, capMs: number): number {
  const exponent = Math.max(0, attempt - 1);
  // 2^30 and above only overflow towards Infinity; the cap is reached long before.
  return Math.min(capMs, firstMs * 2 ** Math.min(exponent, 30));
}

/** The other side's "retry after" as a floor for the wait: 0 when none, never below 0, at most `maxMs`. */
export function retryAfterFloor(retryAfterMs: number | null | undefined, maxMs: number): number {
  return retryAfterMs == null ? 0 : Math.min(Math.max(0, retryAfterMs), maxMs);
}
