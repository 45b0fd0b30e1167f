import { and, desc, eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, type Grantee } from '#shared/api/accesses.ts';
import { formatServerTimestamp } from '#shared/format/server-timestamp.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { accountAccesses, clients } from '#server/db/schema.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { findClientByEmail } from '#server/services/accounts.ts';
import { lockClient } from '#server/services/points.ts';
import { addNotification } from '#server/services/notifications.ts';

// Giving colleagues' accounts access to the clinic's tickets and bills (cabinet.md §2 Accesses;
// API.md access.granted / access.revoked). What access allows is services/access.ts's to decide.

export async function listGrantees(deps: AppDeps, ownerId: number): Promise<Grantee[]> {
  const rows = await deps.database.db
    .select({ email: clients.email, name: clients.name, surname: clients.surname, grantedAt: accountAccesses.createdAt })
    .from(accountAccesses)
    .innerJoin(clients, eq(clients.id, accountAccesses.granteeClientId))
    .where(eq(accountAccesses.ownerClientId, ownerId))
    .orderBy(desc(accountAccesses.createdAt), desc(accountAccesses.granteeClientId));
  return rows.map(({ grantedAt, ...row }) => ({ ...row, granted_at: formatServerTimestamp(grantedAt) }));
}

async function nameOf(tx: Tx, clientId: number): Promise<string> {
  const [row] = await tx.select({ name: clients.name, surname: clients.surname, email: clients.email }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return row ? `${row.name} ${row.surname} (${row.email})` : '';
}

/** The grantee named by e-mail, refusing an unknown address and the owner's own; both accounts locked (owner first, as everywhere). */
async function granteeFor(tx: Tx, ownerId: number, email: string): Promise<number> {
  await lockClient(tx, ownerId);
  const grantee = await findClientByEmail(tx, email);
  if (!grantee) throw fieldFailure('email', ACCESS_MESSAGES.noAccount);
  if (grantee.id === ownerId) throw fieldFailure('email', ACCESS_MESSAGES.self);
  return grantee.id;
}

export async function grantAccess(deps: AppDeps, ownerId: number, email: string): Promise<string> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const granteeId = await granteeFor(tx, ownerId, email);
    const added = await tx.insert(accountAccesses).values({ ownerClientId: ownerId, granteeClientId: granteeId, createdAt: now }).onConflictDoNothing().returning();
    if (added.length === 0) throw fieldFailure('email', ACCESS_MESSAGES.already);
    await recordEvent(tx, { type: 'access.granted', clientId: ownerId, payload: { owner_client_id: ownerId, grantee_client_id: granteeId }, createdAt: now });
    const [owner, grantee] = [await nameOf(tx, ownerId), await nameOf(tx, granteeId)];
    await addNotification(tx, { clientId: ownerId, description: `Вы выдали доступ к своим заявкам и счетам: ${grantee}`, createdAt: now });
    await addNotification(tx, { clientId: granteeId, description: `${owner} открыл(а) вам доступ к своим заявкам и счетам`, createdAt: now });
  });
  return ACCESS_MESSAGES.granted;
}

export async function revokeAccess(deps: AppDeps, ownerId: number, email: string): Promise<string> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const granteeId = await granteeFor(tx, ownerId, email);
    const removed = await tx
      .delete(accountAccesses)
      .where(and(eq(accountAccesses.ownerClientId, ownerId), eq(accountAccesses.granteeClientId, granteeId)))
      .returning();
    if (removed.length === 0) throw fieldFailure('email', ACCESS_MESSAGES.notGranted);
    await recordEvent(tx, { type: 'access.revoked', clientId: ownerId, payload: { owner_client_id: ownerId, grantee_client_id: granteeId }, createdAt: now });
    const [owner, grantee] = [await nameOf(tx, ownerId), await nameOf(tx, granteeId)];
    await addNotification(tx, { clientId: ownerId, description: `Вы закрыли доступ к своим заявкам и счетам: ${grantee}`, createdAt: now });
    await addNotification(tx, { clientId: granteeId, description: `${owner} закрыл(а) вам доступ к своим заявкам и счетам`, createdAt: now });
  });
  return ACCESS_MESSAGES.revoked;
}
