import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, pointsEntries } from '#server/db/schema.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';

// The points ledger (issue 3, portal.md §9): every change is a row in points_entries and the
// balance is their sum, so there is no counter to drift and every point has its reason.

export const NOT_ENOUGH_POINTS_MESSAGE = 'Недостаточно бонусов на счёте';

/** The client's current balance: the sum of the ledger. */
export async function balance(db: Db | Tx, clientId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${pointsEntries.delta}), 0)` })
    .from(pointsEntries)
    .where(eq(pointsEntries.clientId, clientId));
  return Number(row?.total ?? 0);
}

/**
 * Locks the client row until the transaction ends. Every spender takes this lock before reading
 * the balance, so on PostgreSQL concurrent spends of one client run one after another and each
 * sees the balance the previous one left (PGlite is one connection: already serial).
 *
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: lockers still exclude each other, but the `KEY SHARE`
 * locks that every foreign-key insert takes on the client row (ledger, history, decisions, keys)
 * are not blocked. With `FOR UPDATE`, a back-office transaction holding a statement lock and then
 * inserting a history line for this client would deadlock against a decision holding this lock
 * and waiting for that statement (ADR 0006). The back office's writers take this same lock.
 * Returns whether the client exists.
 */
export async function lockClient(tx: Tx, clientId: number): Promise<boolean> {
  const rows = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('no key update');
  return rows.length > 0;
}

/** The balance read under the client lock: stays true until the transaction commits. */
export async function lockedBalance(tx: Tx, clientId: number): Promise<number> {
  await lockClient(tx, clientId);
  return balance(tx, clientId);
}

/**
 * Writes a negative entry of `amount` points; 422 (nothing written) if the balance would go below
 * zero. Returns the balance after the spend.
 */
export async function spend(tx: Tx, clientId: number, amount: number, reason: string, createdAt?: Date): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`spend: amount must be a positive integer, got ${amount}`);
  const available = await lockedBalance(tx, clientId);
  if (amount > available) throw new ApiFailure(422, { success: false, message: NOT_ENOUGH_POINTS_MESSAGE });
  await tx.insert(pointsEntries).values({ clientId, delta: -amount, reason, ...(createdAt ? { createdAt } : {}) });
  return available - amount;
}

/**
 * Credits `amount` points that can be spent at once (a promo code, a survey's reward). The one entry
 * point for such credits, so that the loyalty engine decides in one place how an entry is dated.
 * Returns the balance after the credit.
 */
export async function credit(tx: Tx, clientId: number, amount: number, reason: string, createdAt?: Date): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`credit: amount must be a positive integer, got ${amount}`);
  const available = await lockedBalance(tx, clientId);
  await tx.insert(pointsEntries).values({ clientId, delta: amount, reason, ...(createdAt ? { createdAt } : {}) });
  return available + amount;
}
