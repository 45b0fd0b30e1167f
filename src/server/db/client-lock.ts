import { and, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { clients } from '#server/db/schema/accounts.ts';

/**
 * Locks the client row until the transaction ends. Every writer of the ledger takes this lock before
 * reading it, so on PostgreSQL concurrent changes of one client run one after another and each
 * sees what the previous one left (PGlite is one connection: already serial).
 *
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: lockers still exclude each other, but the `KEY SHARE`
 * locks that every foreign-key insert takes on the client row (ledger, history, decisions, keys)
 * are not blocked. With `FOR UPDATE`, a back-office transaction holding a statement lock and then
 * inserting a history line for this client would deadlock against a decision holding this lock
 * and waiting for that statement (ADR 0006). The back office's writers take this same lock.
 * Returns whether the account exists (`clinicOnly`: and is a clinic's, not a courier's; ADR 0042).
 */
export async function lockClient(tx: Tx, clientId: number, clinicOnly = false): Promise<boolean> {
  const rows = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), clinicOnly ? eq(clients.kind, 'clinic') : undefined))
    .for('no key update');
  return rows.length > 0;
}
