import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { rateLimits } from '#server/db/schema/platform.ts';
import { tooManyRequests } from '#server/lib/api-failure.ts';
import { countRefusal } from '#server/metrics/domain.ts';

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

/**
 * Every throttle of the accounts area in one place. A clinic shares one IP, so IP limits are looser.
 * Logins count failures only (a success gives its hits back, see authenticate()): the staff behind
 * one NAT may log in all day, a guesser may not.
 */
export const rateRules = {
  /** Failed logins of one account from one address: the guesser there stops, the owner elsewhere does not. */
  loginAccountIp: { name: 'login:account-ip', limit: 10, windowSeconds: 15 * MINUTE },
  /** Failed logins from one address, whatever the account (a clinic shares one address, so it is looser). */
  loginIp: { name: 'login:ip', limit: 50, windowSeconds: 15 * MINUTE },
  /** Failed logins of one account from everywhere: ASVS's ceiling of 100 an hour; the owner is mailed at it. */
  loginAccount: { name: 'login:account', limit: 100, windowSeconds: HOUR },
  /**
   * Failed logins from a device that logged in to that account before (its signed device cookie,
   * services/accounts/login-devices.ts): counted there only, so others' guesses never lock the owner out.
   */
  loginDevice: { name: 'login:device', limit: 10, windowSeconds: 15 * MINUTE },
  /** Password changes of one logged-in account (each costs a slow hash). */
  passwordChange: { name: 'password-change:account', limit: 10, windowSeconds: HOUR },
  // The e-mailed codes' per-address limits are codeFamilies below.
  /** Codes one logged-in account has mailed, to whatever addresses (the e-mail change's mail cannon). */
  codeSendAccount: { name: 'code-send:account', limit: 10, windowSeconds: HOUR },
  /** Guest requests (each may make an account): a clinic makes one, a script hundreds; a clinic's NAT a few a day. */
  guestRequestEmail: { name: 'guest-request:email', limit: 10, windowSeconds: HOUR },
  guestRequestIp: { name: 'guest-request:ip', limit: 20, windowSeconds: 24 * HOUR },
  resetRequestEmail: { name: 'reset-request:email', limit: 5, windowSeconds: HOUR },
  resetRequestIp: { name: 'reset-request:ip', limit: 20, windowSeconds: HOUR },
  resetSubmitIp: { name: 'reset-submit:ip', limit: 30, windowSeconds: 10 * MINUTE },
  /** Ticket PDFs drawn for one account (a 304, or a copy still in memory, is not counted). */
  ticketPdfAccount: { name: 'ticket-pdf:account', limit: 30, windowSeconds: 10 * MINUTE },
  /** A page in an error loop must not flood the log. */
  clientErrorsIp: { name: 'client-errors:ip', limit: 30, windowSeconds: 10 * MINUTE },
  /** Address suggestions, checks and reverse geocoding of one account (typing sends one per pause). */
  geoAccount: { name: 'geo:account', limit: 300, windowSeconds: 10 * MINUTE },
  /** Photos for repair requests of one account (10 per request at most; a few requests an hour). */
  photoUploadAccount: { name: 'photos:account', limit: 60, windowSeconds: 60 * MINUTE },
  feedbackAccount: { name: 'feedback:account', limit: 10, windowSeconds: 60 * MINUTE },
  /** Web Push subscriptions saved by one account (each device subscribes once; a loop would fill the table). */
  pushSubscribeAccount: { name: 'push-subscribe:account', limit: 30, windowSeconds: 60 * MINUTE },
  /** KAVO ID calls to the provider of one account (linking, profile reads). */
  kavoAccount: { name: 'kavo:account', limit: 60, windowSeconds: 10 * MINUTE },
  /** Accesses given or taken back by one account (each notifies the colleague; a loop would flood them). */
  accessChangeAccount: { name: 'access-change:account', limit: 30, windowSeconds: HOUR },
  /** Invitations mailed by one clinic, and to one address (issue 41): a clinic's team, not a mailing list. */
  invitationAccount: { name: 'invitation:account', limit: 10, windowSeconds: 24 * HOUR },
  invitationEmail: { name: 'invitation:email', limit: 3, windowSeconds: 24 * HOUR },
  /** Promo codes tried by one account, and from one address: 20 wrong ones an hour (a success gives its hit back). */
  promocodeAccount: { name: 'promocode:account', limit: 20, windowSeconds: HOUR },
  promocodeIp: { name: 'promocode:ip', limit: 20, windowSeconds: HOUR },
} satisfies Record<string, RateRule>;

/**
 * E-mailed codes (registration, a logged-in account's new or unproven address; the guest wizard's
 * under `guest-code`, docs/api.md). Per address they count per browser
 * (services/accounts/code-limits.ts; an account is its own browser) and per IP, so a stranger's
 * requests for someone's address spend the stranger's allowance; one ceiling per mailbox from
 * everywhere stops mail bombing, above what one IP may take, so a stranger on one address cannot use
 * it up for the owner. Addresses count by mailboxKey(). The wizard's numbers are registration's, so
 * an address cannot be mail-bombed from the wizard either; each family keeps its own counters.
 */
function emailedCodeRules(prefix: string) {
  return {
    sendBrowserEmail: { name: `${prefix}-send:browser-email`, limit: 5, windowSeconds: HOUR },
    sendIpEmail: { name: `${prefix}-send:ip-email`, limit: 8, windowSeconds: HOUR },
    sendEmail: { name: `${prefix}-send:email`, limit: 20, windowSeconds: HOUR },
    sendIp: { name: `${prefix}-send:ip`, limit: 20, windowSeconds: HOUR },
    checkBrowserEmail: { name: `${prefix}-check:browser-email`, limit: 15, windowSeconds: 10 * MINUTE },
    checkIp: { name: `${prefix}-check:ip`, limit: 50, windowSeconds: 10 * MINUTE },
  } satisfies Record<string, RateRule>;
}

export const codeFamilies = { code: emailedCodeRules('code'), guest: emailedCodeRules('guest-code') };

/** Rows older than the longest window are dead weight; no rule may use a longer window. */
const MAX_WINDOW_SECONDS = 24 * HOUR;
const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<object, number>();

export type HitResult = { allowed: true } | { allowed: false; retryAfter: number };

/** E-mails and IPs are stored hashed: the table is for counting, not for knowing who tried. */
export function keyFor(rule: RateRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

export function windowStartOf(now: Date, windowSeconds: number): Date {
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

/** Where a hit was counted, so it can be given back to that same window later. */
export interface CountedHit {
  rule: RateRule;
  key: string;
  windowStart: Date;
  /** The window's hits counting this one. */
  hits: number;
}

/** Counts one hit of `key` and says whether it is still within `limit` hits per window. */
export async function hit(deps: AppDeps, key: string, limit: number, windowSeconds: number): Promise<HitResult> {
  return (await countHit(deps, key, limit, windowSeconds)).result;
}

export function retryAfterOf(windowStart: Date, windowSeconds: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
}

export async function countHit(
  deps: AppDeps,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<{ result: HitResult; windowStart: Date; hits: number }> {
  const now = deps.now();
  const windowStart = windowStartOf(now, windowSeconds);
  const [row] = await deps.database.db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  await pruneOccasionally(deps, now);
  const hits = row?.hits ?? 0;
  if (hits <= limit) return { result: { allowed: true }, windowStart, hits };
  return { result: { allowed: false, retryAfter: retryAfterOf(windowStart, windowSeconds, now) }, windowStart, hits };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Слишком много попыток. Попробуйте через ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} мин.`;
}

/**
 * Counts a hit against every (rule, subject) pair, even when the first is already over, so one key
 * cannot be probed for free; `retryAfter` is the longest wait of those over (0: none is).
 */
async function countAll(
  deps: AppDeps,
  checks: ReadonlyArray<readonly [RateRule, string]>,
): Promise<{ counted: CountedHit[]; retryAfter: number }> {
  let retryAfter = 0;
  const counted: CountedHit[] = [];
  for (const [rule, subject] of checks) {
    const key = keyFor(rule, subject);
    const { result, windowStart, hits } = await countHit(deps, key, rule.limit, rule.windowSeconds);
    counted.push({ rule, key, windowStart, hits });
    if (result.allowed) continue;
    retryAfter = Math.max(retryAfter, result.retryAfter);
    countRefusal(rule.name);
  }
  return { counted, retryAfter };
}

/**
 * Counts a hit against every (rule, subject) pair and throws a 429 ApiFailure when any is over.
 * All pairs are counted even when the first is already over, so one key cannot be probed for free.
 * Returns where each hit was counted, for refundHits().
 */
export async function enforceLimits(
  deps: AppDeps,
  checks: ReadonlyArray<readonly [RateRule, string]>,
): Promise<CountedHit[]> {
  const { counted, retryAfter } = await countAll(deps, checks);
  if (retryAfter > 0) throw tooManyRequests(tooManyAttemptsMessage(retryAfter), retryAfter);
  return counted;
}

/**
 * As enforceLimits(), but a refused attempt keeps none of its hits: for limits on what an attempt
 * costs (a mail), where a refusal costs nothing, so refused requests for someone's address cannot
 * fill the counters that address's owner needs.
 */
export async function enforceLimitsOrGiveBack(
  deps: AppDeps,
  checks: ReadonlyArray<readonly [RateRule, string]>,
): Promise<CountedHit[]> {
  const { counted, retryAfter } = await countAll(deps, checks);
  if (retryAfter === 0) return counted;
  for (const entry of counted) await refundHits(deps, [entry], entry.rule);
  throw tooManyRequests(tooManyAttemptsMessage(retryAfter), retryAfter);
}

/** The hits `key` has in the current window of `rule`, without counting one. */
async function hitsNow(deps: AppDeps, rule: RateRule, subject: string): Promise<{ hits: number; retryAfter: number }> {
  const now = deps.now();
  const windowStart = windowStartOf(now, rule.windowSeconds);
  const [row] = await deps.database.db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyFor(rule, subject)), eq(rateLimits.windowStart, windowStart)));
  return { hits: row?.hits ?? 0, retryAfter: retryAfterOf(windowStart, rule.windowSeconds, now) };
}

/**
 * Throws a 429 when any (rule, subject) pair has already used its limit; counts nothing. For limits
 * on failures (logins): the check comes before the attempt, the count only after a failure, so
 * successes never use up anyone's allowance. A parallel burst may pass the check together; the
 * password hasher's queue bounds how far past the limit that can go.
 */
export async function checkLimits(deps: AppDeps, checks: ReadonlyArray<readonly [RateRule, string]>): Promise<void> {
  let retryAfter = 0;
  for (const [rule, subject] of checks) {
    const now = await hitsNow(deps, rule, subject);
    if (now.hits < rule.limit) continue;
    retryAfter = Math.max(retryAfter, now.retryAfter);
    countRefusal(rule.name);
  }
  if (retryAfter > 0) throw tooManyRequests(tooManyAttemptsMessage(retryAfter), retryAfter);
}

/** Counts one failure against every pair; returns the rules whose limit this very failure reached. */
export async function countFailure(
  deps: AppDeps,
  checks: ReadonlyArray<readonly [RateRule, string]>,
): Promise<RateRule[]> {
  const reached: RateRule[] = [];
  for (const [rule, subject] of checks) {
    const { hits } = await countHit(deps, keyFor(rule, subject), rule.limit, rule.windowSeconds);
    if (hits === rule.limit) reached.push(rule);
  }
  return reached;
}

/**
 * Gives back the hits that enforceLimits() counted for `rule`, once the attempt proved to be one
 * the rule does not throttle (a successful login). Counting first and refunding after, rather than
 * counting only afterwards, keeps a burst of parallel attempts from all passing the check before
 * any of them is counted. The refund goes to the window the hit went to, even if a new one began.
 */
export async function refundHits(deps: AppDeps, counted: ReadonlyArray<CountedHit>, rule: RateRule): Promise<void> {
  for (const entry of counted) {
    if (entry.rule !== rule) continue;
    await deps.database.db
      .update(rateLimits)
      .set({ hits: sql`${rateLimits.hits} - 1` })
      .where(and(eq(rateLimits.key, entry.key), eq(rateLimits.windowStart, entry.windowStart), gt(rateLimits.hits, 0)));
  }
}

// Byte budgets: the same counters, counting bytes instead of hits (ADR 0025: a request count let one
// account store 60 × 20 MB an hour). The budget is checked before a body is read and charged with
// the bytes actually stored, so a request that starts under the budget may end at most one
// request's bytes over it.

/** Bytes one account may upload per day: the rule's limit comes from the UPLOAD_DAILY_MB setting. */
export function uploadBytesRule(limitBytes: number): RateRule {
  return { name: 'upload-bytes:account', limit: limitBytes, windowSeconds: 24 * HOUR };
}

export function uploadBudgetMessage(retryAfterSeconds: number): string {
  const hours = Math.max(1, Math.ceil(retryAfterSeconds / HOUR));
  return `Превышен дневной объём загрузки файлов. Попробуйте через ${hours} ч.`;
}

/** Throws a 429 when `subject` has used its budget of `rule` in the current window; counts nothing. */
export async function checkByteBudget(deps: AppDeps, rule: RateRule, subject: string): Promise<void> {
  const now = await hitsNow(deps, rule, subject);
  if (now.hits < rule.limit) return;
  countRefusal(rule.name);
  throw tooManyRequests(uploadBudgetMessage(now.retryAfter), now.retryAfter);
}

/** Adds `bytes` to `subject`'s count in the current window (saturating at the column's maximum). */
export async function chargeBytes(deps: AppDeps, rule: RateRule, subject: string, bytes: number): Promise<void> {
  const windowStart = windowStartOf(deps.now(), rule.windowSeconds);
  await deps.database.db
    .insert(rateLimits)
    .values({ key: keyFor(rule, subject), windowStart, hits: Math.min(bytes, INT_MAX) })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`least(${rateLimits.hits}::bigint + ${bytes}, ${INT_MAX})::int` },
    });
}

const INT_MAX = 2_147_483_647;

/** Forgets a subject's hits, e.g. the per-e-mail login counter after a successful login. */
export async function clearLimit(deps: AppDeps, rule: RateRule, subject: string): Promise<void> {
  await deps.database.db.delete(rateLimits).where(eq(rateLimits.key, keyFor(rule, subject)));
}
