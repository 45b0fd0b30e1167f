import { countRefusal } from '#server/metrics/domain.ts';
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { oneTimeCodes } from '#server/db/schema/accounts.ts';
import { type ApiFailure, tooManyRequests } from '#server/lib/api-failure.ts';
import { randomToken, safeEqual } from '#server/services/accounts/tokens.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { DAY_MS } from '#shared/durations.ts';

// E-mailed secrets: 4-digit codes (registration, confirming an account's e-mail, a new login e-mail) and password-reset link tokens. Both are stored
// hashed, live 10 minutes (the spec's value) and work once. A 4-digit code has only 10 000 values,
// so it also dies after MAX_CODE_ATTEMPTS wrong guesses.

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 30 * 1000;

type Purpose = 'registration' | 'password_reset' | 'email_confirmation' | 'email_change' | 'guest_request';
/** What a 4-digit code is mailed for. */
export type CodePurpose = Exclude<Purpose, 'password_reset'>;
export type OneTimeCode = typeof oneTimeCodes.$inferSelect;

/** Salted with purpose and e-mail, so the same 4 digits never hash alike for two addresses. */
function codeHash(purpose: Purpose, email: string, code: string): string {
  return sha256(`${purpose}:${email}:${code}`);
}

export function generateNumericCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** The codes and links mailed to `email` for `purpose`. */
export function codesFor(purpose: Purpose, email: string) {
  return and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.email, email));
}

/** A code or link that still works: not used and not expired. */
function live(now: Date) {
  return and(isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now));
}

/** The newest code of `purpose` for `email`, live or not. */
async function newestCode(db: Db, purpose: CodePurpose, email: string) {
  const [newest] = await db
    .select({ id: oneTimeCodes.id, payload: oneTimeCodes.payload })
    .from(oneTimeCodes)
    .where(codesFor(purpose, email))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return newest;
}

/** Milliseconds until another code may be sent to `email`, 0 when it may be sent now. */
export async function resendWait(
  db: Db,
  email: string,
  now: Date,
  purpose: CodePurpose = 'registration',
): Promise<number> {
  const [last] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(codesFor(purpose, email))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!last) return 0;
  const elapsed = now.getTime() - last.createdAt.getTime();
  // A clock that moved backwards (tests, NTP) must not lock the address out.
  return elapsed >= 0 && elapsed < RESEND_COOLDOWN_MS ? RESEND_COOLDOWN_MS - elapsed : 0;
}

/** The 429 for asking for another code `waitMs` (from resendWait, > 0) too early. */
export function resendTooSoon(waitMs: number): ApiFailure {
  const seconds = Math.ceil(waitMs / 1000);
  countRefusal('code-resend');
  return tooManyRequests(`Повторно отправить код можно через ${seconds} сек.`, seconds);
}

/** Kills every live code of this purpose for the address: only the newest e-mail works. */
async function invalidateLive(tx: Tx, purpose: Purpose, email: string, now: Date): Promise<void> {
  await tx
    .update(oneTimeCodes)
    .set({ expiresAt: now })
    .where(and(codesFor(purpose, email), live(now)));
}

/** Codes a day past expiry serve nothing (not even the resend timer): dropped whenever a new one is made. */
async function pruneExpired(tx: Tx, now: Date): Promise<void> {
  await tx.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(now.getTime() - DAY_MS)));
}

/** Stores a new code for `email` (with what it confirms, for registration); returns the plain code to mail. */
export async function issueCode(
  tx: Tx,
  purpose: CodePurpose,
  email: string,
  payload: unknown,
  now: Date,
): Promise<{ id: number; code: string }> {
  const code = generateNumericCode();
  await pruneExpired(tx, now);
  await invalidateLive(tx, purpose, email, now);
  const [row] = await tx
    .insert(oneTimeCodes)
    .values({
      purpose,
      email,
      codeHash: codeHash(purpose, email, code),
      payload,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    })
    .returning({ id: oneTimeCodes.id });
  if (!row) throw new Error('one-time code was not stored');
  return { id: row.id, code };
}

/** The payload of the newest code of `purpose` for `email` (undefined when there is none), spending nothing. */
export async function latestCodePayload(db: Db, purpose: CodePurpose, email: string): Promise<unknown> {
  return (await newestCode(db, purpose, email))?.payload;
}

export type CodeCheck = { status: 'ok'; row: OneTimeCode } | { status: 'wrong' } | { status: 'dead' };

/**
 * Checks a code, spending one attempt atomically first (so parallel guesses cannot exceed the
 * limit). 'wrong' while attempts remain, 'dead' when none is live or the last attempt was just
 * spent on a wrong code. The caller marks an 'ok' code used in its own transaction. `mayGuess`
 * sees the newest code's payload before an attempt is spent and throws to refuse the guess.
 */
export async function checkCode(
  deps: AppDeps,
  purpose: CodePurpose,
  email: string,
  code: string,
  mayGuess?: (payload: unknown) => void,
): Promise<CodeCheck> {
  const { db } = deps.database;
  const now = deps.now();
  const latest = await newestCode(db, purpose, email);
  if (!latest) return { status: 'dead' };
  mayGuess?.(latest.payload);
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, latest.id), live(now), lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning();
  if (!row) return { status: 'dead' };
  if (safeEqual(row.codeHash, codeHash(purpose, email, code))) return { status: 'ok', row };
  return row.attempts >= MAX_CODE_ATTEMPTS ? { status: 'dead' } : { status: 'wrong' };
}

/** Marks a code used; false when another request used it first (the loser must write nothing). */
export async function markUsed(tx: Tx, id: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return used.length === 1;
}

/** A new reset link token for `email` (older links stop working); returns the plain token to mail. */
export async function issueResetToken(tx: Tx, email: string, now: Date): Promise<string> {
  const token = randomToken();
  await pruneExpired(tx, now);
  await invalidateLive(tx, 'password_reset', email, now);
  await tx.insert(oneTimeCodes).values({
    purpose: 'password_reset',
    email,
    codeHash: sha256(token),
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    createdAt: now,
  });
  return token;
}

/** The e-mail of a live reset token, without using it up; null when it is unknown, expired or used. */
export async function peekResetToken(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: oneTimeCodes.email })
    .from(oneTimeCodes)
    .where(liveResetToken(token, now))
    .limit(1);
  return row?.email ?? null;
}

function liveResetToken(token: string, now: Date) {
  return and(eq(oneTimeCodes.purpose, 'password_reset'), eq(oneTimeCodes.codeHash, sha256(token)), live(now));
}

/**
 * Uses a reset token inside the caller's transaction: returns its e-mail, or null when the token
 * is unknown, expired or already used. The long random token needs no attempt counter.
 */
export async function useResetToken(tx: Tx, token: string, now: Date): Promise<string | null> {
  const [row] = await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(liveResetToken(token, now))
    .returning({ email: oneTimeCodes.email });
  return row?.email ?? null;
}

/** After a successful reset every other link for the address is void too. */
export async function invalidateResetTokens(tx: Tx, email: string, now: Date): Promise<void> {
  await invalidateLive(tx, 'password_reset', email, now);
}
