// When to try a kept decision again. Exponential back-off with full jitter (a random delay between
// 0 and the exponential ceiling), so that many phones coming back online at once do not hit the
// server together; the server's Retry-After is a floor, never shortened (the shared rule: src/shared/backoff.ts).
import { doublingDelay, retryAfterFloor } from '#shared/backoff.ts';

export interface BackoffOptions {
  /** Ceiling of the first retry. */
  baseMs?: number;
  /** The ceiling never grows past this. */
  capMs?: number;
  /** Retry-After above this is taken as this (a broken proxy must not park a decision for days). */
  maxRetryAfterMs?: number;
  /** [0, 1), like Math.random; injected by tests. */
  random?: () => number;
}

export const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** The ceiling for the n-th failed attempt (1-based): base · 2^(n−1), at most cap. */
export function backoffCeiling(attempt: number, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS): number {
  return doublingDelay(attempt, baseMs, capMs);
}

/** Delay in ms before the next attempt after `attempt` failed ones, at least `retryAfterMs`. */
export function backoffDelay(
  attempt: number,
  retryAfterMs: number | null = null,
  options: BackoffOptions = {},
): number {
  const {
    baseMs = BACKOFF_BASE_MS,
    capMs = BACKOFF_CAP_MS,
    maxRetryAfterMs = MAX_RETRY_AFTER_MS,
    random = Math.random,
  } = options;
  const jittered = Math.floor(random() * backoffCeiling(attempt, baseMs, capMs));
  return Math.max(retryAfterFloor(retryAfterMs, maxRetryAfterMs), jittered);
}
