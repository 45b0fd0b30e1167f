import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { rateLimits } from '#server/db/schema.ts';
import { tooManyRequests } from '#server/lib/api-failure.ts';

// Fixed-window counters in the database, so every API process behind a balancer shares them.
// Fixed windows allow a burst of 2×limit across a boundary; for brute-force throttling that is fine
// and it keeps each hit a single upsert.

export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every throttle of the accounts area in one place. A clinic shares one IP, so IP limits are looser. */
export const rateRules = {
  loginEmail: { name: 'login:email', limit: 10, windowSeconds: 15 * MINUTE },
  loginIp: { name: 'login:ip', limit: 50, windowSeconds: 15 * MINUTE },
  codeSendEmail: { name: 'code-send:email', limit: 5, windowSeconds: HOUR },
  codeSendIp: { name: 'code-send:ip', limit: 20, windowSeconds: HOUR },
  codeCheckEmail: { name: 'code-check:email', limit: 15, windowSeconds: 10 * MINUTE },
  codeCheckIp: { name: 'code-check:ip', limit: 50, windowSeconds: 10 * MINUTE },
  resetRequestEmail: { name: 'reset-request:email', limit: 5, windowSeconds: HOUR },
  resetRequestIp: { name: 'reset-request:ip', limit: 20, windowSeconds: HOUR },
  resetSubmitIp: { name: 'reset-submit:ip', limit: 30, windowSeconds: 10 * MINUTE },
} satisfies Record<string, RateRule>;

/** Rows older than the longest window are dead weight; no rule may use a longer window. */
const MAX_WINDOW_SECONDS = 24 * HOUR;
const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<object, number>();

export type HitResult = { allowed: true } | { allowed: false; retryAfter: number };

/** E-mails and IPs are stored hashed: the table is for counting, not for knowing who tried. */
function keyFor(rule: RateRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

function windowStartOf(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

async function pruneOccasionally(deps: AppDeps, now: Date): Promise<void> {
  const last = lastPrune.get(deps.database) ?? 0;
  if (now.getTime() - last < PRUNE_EVERY_MS && now.getTime() >= last) return;
  lastPrune.set(deps.database, now.getTime());
  const cutoff = new Date(now.getTime() - MAX_WINDOW_SECONDS * 1000);
  await deps.database.db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff));
}

/** Counts one hit of `key` and says whether it is still within `limit` hits per window. */
export async function hit(deps: AppDeps, key: string, limit: number, windowSeconds: number): Promise<HitResult> {
  const now = deps.now();
  const windowStart = windowStartOf(now, windowSeconds);
  const [row] = await deps.database.db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
    .returning({ hits: rateLimits.hits });
  await pruneOccasionally(deps, now);
  if ((row?.hits ?? 0) <= limit) return { allowed: true };
  const retryAfter = Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000);
  return { allowed: false, retryAfter: Math.max(1, retryAfter) };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Слишком много попыток. Попробуйте через ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} мин.`;
}

/**
 * Counts a hit against every (rule, subject) pair and throws a 429 ApiFailure when any is over.
 * All pairs are counted even when the first is already over, so one key cannot be probed for free.
 */
export async function enforceLimits(deps: AppDeps, checks: ReadonlyArray<readonly [RateRule, string]>): Promise<void> {
  let retryAfter = 0;
  for (const [rule, subject] of checks) {
    const result = await hit(deps, keyFor(rule, subject), rule.limit, rule.windowSeconds);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfter);
  }
  if (retryAfter > 0) throw tooManyRequests(tooManyAttemptsMessage(retryAfter), retryAfter);
}

/** Forgets a subject's hits, e.g. the per-e-mail login counter after a successful login. */
export async function clearLimit(deps: AppDeps, rule: RateRule, subject: string): Promise<void> {
  await deps.database.db.delete(rateLimits).where(eq(rateLimits.key, keyFor(rule, subject)));
}
