import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { rateLimits } from '#server/db/schema/platform.ts';
import { tooManyRequests } from '#server/lib/api-failure.ts';
import { countRefusal } from '#server/metrics/domain.ts';
import {
  countHit,
  keyFor,
  refundHits,
  retryAfterOf,
  tooManyAttemptsMessage,
  windowStartOf,
  type CountedHit,
  type RateRule,
} from '#server/services/rate-limit.ts';

// Reserving rate-limit hits before a slow attempt (a password hash) and settling them after it:
// the logins' throttle (services/accounts/accounts.ts authenticate()). The counters are rate-limit.ts's.

/** A rule's attempts still being checked (reserved, not yet settled), counted apart from its hits. */
const pendingOf = (rule: RateRule): RateRule => ({ ...rule, name: `pending:${rule.name}` });

/**
 * How long a reservation waits for others' attempts in flight before it is refused with a 429: about
 * what a burst of 200 takes through the password hasher, which is where the wait would be otherwise.
 */
const RESERVE_WAIT_MS = 30_000;
/** A waiter looks again when an attempt of this process settles, or after this (another process's). */
const RESERVE_POLL_MS = 250;

/** This process's waiting reservations, oldest first: each settled attempt wakes one to look again. */
const waiters: Array<() => void> = [];

function waitTurn(): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      const at = waiters.indexOf(wake);
      if (at >= 0) waiters.splice(at, 1);
      resolve();
    };
    const timer = setTimeout(wake, RESERVE_POLL_MS * (0.75 + Math.random() / 2));
    waiters.push(wake);
  });
}

const wakeOne = () => waiters[0]?.();

/** Reserved hits, settled once the attempt's outcome is known. */
export interface Reservation {
  /** The rule counters as they were with this attempt counted in. */
  counted: CountedHit[];
  /** A counted outcome (a wrong password): the hits stay, the attempt is no longer in flight. */
  keep(): Promise<void>;
  /** An outcome the rules do not count (a right password): every hit is given back. */
  release(): Promise<void>;
}

async function giveBack(deps: AppDeps, entries: ReadonlyArray<CountedHit>): Promise<void> {
  for (const entry of entries) await refundHits(deps, [entry], entry.rule);
}

async function countInto(deps: AppDeps, entries: CountedHit[], rule: RateRule, subject: string, limit: number) {
  const key = keyFor(rule, subject);
  const counted = await countHit(deps, key, limit, rule.windowSeconds);
  entries.push({ rule, key, windowStart: counted.windowStart, hits: counted.hits });
  return counted.result;
}

/** Counts the attempt in (in flight first, then the hit); null, having given all back, when a counter is full. */
async function tryReserve(
  deps: AppDeps,
  checks: ReadonlyArray<readonly [RateRule, string]>,
): Promise<Reservation | null> {
  const counted: CountedHit[] = [];
  const pending: CountedHit[] = [];
  for (const [rule, subject] of checks) {
    await countInto(deps, pending, pendingOf(rule), subject, Number.MAX_SAFE_INTEGER);
    if ((await countInto(deps, counted, rule, subject, rule.limit)).allowed) continue;
    // The hit first, then in flight: never counted without being in flight (see counterState).
    await giveBack(deps, [...counted.reverse(), ...pending]);
    return null;
  }
  const settle = (entries: CountedHit[]) => async () => {
    await giveBack(deps, entries);
    wakeOne();
  };
  return { counted, keep: settle(pending), release: settle([...counted, ...pending]) };
}

/**
 * Whether some counter is full of failures (a 429 with its wait), or all have room again (null), or
 * neither: others' attempts are still in flight. Hits and in-flight are read in one statement, so a
 * reservation or settlement half done can only make failures look fewer, never more.
 */
async function counterState(
  deps: AppDeps,
  checks: ReadonlyArray<readonly [RateRule, string]>,
): Promise<{ full: number; rule: RateRule } | { busy: true } | null> {
  let busy = false;
  for (const [rule, subject] of checks) {
    const now = deps.now();
    const windowStart = windowStartOf(now, rule.windowSeconds);
    const [hitKey, pendingKey] = [keyFor(rule, subject), keyFor(pendingOf(rule), subject)];
    const rows = await deps.database.db
      .select({ key: rateLimits.key, hits: rateLimits.hits })
      .from(rateLimits)
      .where(and(inArray(rateLimits.key, [hitKey, pendingKey]), eq(rateLimits.windowStart, windowStart)));
    const hits = rows.find((row) => row.key === hitKey)?.hits ?? 0;
    const inFlight = rows.find((row) => row.key === pendingKey)?.hits ?? 0;
    if (hits - inFlight >= rule.limit) return { full: retryAfterOf(windowStart, rule.windowSeconds, now), rule };
    if (hits >= rule.limit) busy = true;
  }
  return busy ? { busy } : null;
}

/**
 * Reserves one hit against every pair before a slow attempt (a password hash), so a parallel burst
 * cannot pass a limit: the counter is the gate, and at most `limit` attempts are ever in it. Attempts
 * in flight are counted apart, so one that finds a counter full only because of them waits (up to
 * RESERVE_WAIT_MS) for their outcome instead of being refused: a burst of right passwords all get
 * in, a burst of wrong ones stops at the limit. A refused attempt keeps nothing, so cheap refused
 * requests cannot fill another pair's counter. Settle the reservation with keep() or release().
 */
export async function reserveLimits(
  deps: AppDeps,
  checks: ReadonlyArray<readonly [RateRule, string]>,
): Promise<Reservation> {
  const deadline = performance.now() + RESERVE_WAIT_MS;
  for (;;) {
    const reserved = await tryReserve(deps, checks);
    if (reserved) return reserved;
    let state: Awaited<ReturnType<typeof counterState>>;
    do {
      state = await counterState(deps, checks);
      const retryAfter = state && 'full' in state ? state.full : 1;
      if ((state && 'full' in state) || performance.now() > deadline) {
        // Past the deadline with attempts still in flight: the first rule's, which every login has.
        countRefusal(state && 'full' in state ? state.rule.name : (checks[0]?.[0].name ?? 'unknown'));
        throw tooManyRequests(tooManyAttemptsMessage(retryAfter), retryAfter);
      }
      if (state) await waitTurn();
    } while (state);
  }
}
