import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { ACCESS_MESSAGES, MAX_GRANTEES, type AccessOwner, type Grantee } from '#shared/screens/accesses.ts';
import { ACCESS_LEVEL_LABELS, type AccessLevel } from '#shared/screens/access-levels.ts';
import { formatServerTimestamp } from '#shared/format/server-timestamp.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { accountAccesses, clients } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { findClientByEmail } from '#server/services/accounts/accounts.ts';
import { lockClient } from '#server/db/client-lock.ts';
import { inviteColleague, revokeInvitation, waitingInvitations } from '#server/services/accounts/invitations.ts';
import { INVITATION_MESSAGES } from '#shared/screens/invitations.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';

// Giving colleagues' accounts access to the clinic's tickets and bills (cabinet.md §2 Accesses;
// API.md access.granted / access.revoked). What access allows is services/access/access.ts's to decide.

export async function listGrantees(deps: AppDeps, ownerId: number): Promise<Grantee[]> {
  const now = deps.now();
  const invited = await waitingInvitations(deps.database.db, ownerId);
  const rows = await deps.database.db
    .select({
      email: clients.email,
      name: clients.name,
      surname: clients.surname,
      grantedAt: accountAccesses.createdAt,
      level: accountAccesses.level,
    })
    .from(accountAccesses)
    .innerJoin(clients, eq(clients.id, accountAccesses.granteeClientId))
    .where(eq(accountAccesses.ownerClientId, ownerId))
    .orderBy(desc(accountAccesses.createdAt), desc(accountAccesses.granteeClientId));
  const granted: Grantee[] = rows.map(({ grantedAt, ...row }) => ({
    ...row,
    granted_at: formatServerTimestamp(grantedAt),
    status: 'active',
  }));
  // Waiting invitations after the colleagues ('Приглашение отправлено'; an expired one says so).
  return [
    ...granted,
    ...invited.map((row) => ({
      email: row.email,
      name: '',
      surname: '',
      granted_at: formatServerTimestamp(row.createdAt),
      level: row.level,
      status: row.expiresAt > now ? ('invited' as const) : ('expired' as const),
    })),
  ];
}

/** The clinics that gave `granteeId` access, by name (their level decides what the page offers). */
export async function listGranters(deps: AppDeps, granteeId: number): Promise<AccessOwner[]> {
  const rows = await deps.database.db
    .select({
      client_id: clients.id,
      company: clients.company,
      name: clients.name,
      surname: clients.surname,
      level: accountAccesses.level,
    })
    .from(accountAccesses)
    .innerJoin(clients, eq(clients.id, accountAccesses.ownerClientId))
    .where(eq(accountAccesses.granteeClientId, granteeId))
    .orderBy(accountAccesses.ownerClientId);
  return rows.map(({ company, name, surname, ...row }) => ({
    ...row,
    company: company?.trim() || `${name} ${surname}`.trim(),
  }));
}

async function nameOf(tx: Tx, clientId: number): Promise<string> {
  const [row] = await tx
    .select({ name: clients.name, surname: clients.surname, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ? `${row.name} ${row.surname} (${row.email})` : '';
}

/** The grantee named by e-mail, refusing an unknown address and the owner's own; both accounts locked (owner first, as everywhere). */
async function granteeFor(tx: Tx, ownerId: number, email: string): Promise<number> {
  await lockClient(tx, ownerId);
  const grantee = await findClientByEmail(tx, email);
  // A courier's account is no colleague: to a clinic it is as unknown as an address with no account.
  if (!grantee || grantee.kind !== 'clinic') throw fieldFailure('email', ACCESS_MESSAGES.noAccount);
  if (grantee.id === ownerId) throw fieldFailure('email', ACCESS_MESSAGES.self);
  return grantee.id;
}

/** A grant (or revoke) of a pair repeated within this time notifies nobody again. */
export const REPEAT_NOTICE_MS = 10 * 60 * 1000;

type AccessEvent = 'access.granted' | 'access.changed' | 'access.revoked';

/**
 * Whether this change of the pair was already recorded within REPEAT_NOTICE_MS: a grant/revoke loop
 * then tells each side once of each, not at every turn (in-app, Telegram and push alike); a change
 * of level is told again only for another level. Read from the journal, under the owner's lock,
 * before this change is recorded.
 */
async function repeated(
  tx: Tx,
  type: AccessEvent,
  ownerId: number,
  granteeId: number,
  level: AccessLevel | null,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.type, type),
        eq(events.clientId, ownerId),
        gt(events.createdAt, new Date(now.getTime() - REPEAT_NOTICE_MS)),
        sql`${events.payload}->>'grantee_client_id' = ${String(granteeId)}`,
        type === 'access.changed' && level ? sql`${events.payload}->>'level' = ${level}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records the change (with the level it gives, API.md §Added for the fourth wave) and, unless it is a repeat, tells both sides. */
export async function recordChange(
  tx: Tx,
  type: AccessEvent,
  pair: { ownerId: number; granteeId: number; level: AccessLevel | null },
  now: Date,
  notices: { owner: (grantee: string) => string; grantee: (owner: string) => string },
) {
  const { ownerId, granteeId, level } = pair;
  const quiet = await repeated(tx, type, ownerId, granteeId, level, now);
  await recordEvent(tx, {
    type,
    clientId: ownerId,
    payload: { owner_client_id: ownerId, grantee_client_id: granteeId, ...(level ? { level } : {}) },
    createdAt: now,
  });
  if (quiet) return;
  const [owner, grantee] = [await nameOf(tx, ownerId), await nameOf(tx, granteeId)];
  await addNotification(tx, { clientId: ownerId, description: notices.owner(grantee), createdAt: now });
  await addNotification(tx, { clientId: granteeId, description: notices.grantee(owner), createdAt: now });
}

/** Both calls count against one hourly limit, refused or not (an unknown e-mail too: no probing addresses). */
const countChange = (deps: AppDeps, ownerId: number) =>
  enforceLimits(deps, [[rateRules.accessChangeAccount, String(ownerId)]]);

/**
 * Gives the account with this e-mail access at `level` ('full' when not chosen); for a colleague
 * who has access already, another level changes it (`access.changed`), the same one is refused.
 */
export async function grantAccess(
  deps: AppDeps,
  ownerId: number,
  email: string,
  chosen?: AccessLevel,
): Promise<string> {
  await countChange(deps, ownerId);
  // An address with no account gets an invitation instead of a refusal (issue 41).
  if (!(await findClientByEmail(deps.database.db, email)))
    return inviteColleague(deps, ownerId, email, chosen ?? 'full');
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const granteeId = await granteeFor(tx, ownerId, email);
    // The invited address made its account another way (registered): the waiting invitation gives way to
    // the access, or Доступы would list the address twice and 'Удалить' would take back only the invitation.
    await revokeInvitation(tx, ownerId, email, now);
    const [current] = await tx
      .select({ level: accountAccesses.level })
      .from(accountAccesses)
      .where(and(eq(accountAccesses.ownerClientId, ownerId), eq(accountAccesses.granteeClientId, granteeId)))
      .for('update');
    if (current) {
      if (chosen === undefined) throw fieldFailure('email', ACCESS_MESSAGES.already);
      if (chosen === current.level) throw fieldFailure('level', ACCESS_MESSAGES.sameLevel);
      await tx
        .update(accountAccesses)
        .set({ level: chosen })
        .where(and(eq(accountAccesses.ownerClientId, ownerId), eq(accountAccesses.granteeClientId, granteeId)));
      const label = ACCESS_LEVEL_LABELS[chosen];
      await recordChange(tx, 'access.changed', { ownerId, granteeId, level: chosen }, now, {
        owner: (grantee) => `Вы изменили доступ к своим заявкам и счетам на «${label}»: ${grantee}`,
        grantee: (owner) => `Ваш доступ к заявкам и счетам изменён на «${label}»: ${owner}`,
      });
      return ACCESS_MESSAGES.changed;
    }
    const level = chosen ?? 'full';
    const [given] = await tx
      .select({ count: sql<number>`count(*)` })
      .from(accountAccesses)
      .where(eq(accountAccesses.ownerClientId, ownerId));
    if (Number(given?.count ?? 0) >= MAX_GRANTEES) throw fieldFailure('email', ACCESS_MESSAGES.tooMany);
    const added = await tx
      .insert(accountAccesses)
      .values({ ownerClientId: ownerId, granteeClientId: granteeId, level, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (added.length === 0) throw fieldFailure('email', ACCESS_MESSAGES.already);
    const label = ACCESS_LEVEL_LABELS[level];
    await recordChange(tx, 'access.granted', { ownerId, granteeId, level }, now, {
      owner: (grantee) => `Вы выдали доступ к своим заявкам и счетам («${label}»): ${grantee}`,
      // Impersonal: the owner's gender is not known, and 'открыл(а)' reads as a form, not a sentence.
      grantee: (owner) => `Вам открыт доступ к заявкам и счетам («${label}»): ${owner}`,
    });
    return ACCESS_MESSAGES.granted;
  });
}

export async function revokeAccess(deps: AppDeps, ownerId: number, email: string): Promise<string> {
  await countChange(deps, ownerId);
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    // A waiting invitation to the address is taken back the same way (its link stops working).
    await lockClient(tx, ownerId);
    if (await revokeInvitation(tx, ownerId, email, now)) return INVITATION_MESSAGES.revoked;
    const granteeId = await granteeFor(tx, ownerId, email);
    const removed = await tx
      .delete(accountAccesses)
      .where(and(eq(accountAccesses.ownerClientId, ownerId), eq(accountAccesses.granteeClientId, granteeId)))
      .returning();
    if (removed.length === 0) throw fieldFailure('email', ACCESS_MESSAGES.notGranted);
    await recordChange(tx, 'access.revoked', { ownerId, granteeId, level: null }, now, {
      owner: (grantee) => `Вы закрыли доступ к своим заявкам и счетам: ${grantee}`,
      grantee: (owner) => `Вам закрыт доступ к заявкам и счетам: ${owner}`,
    });
    return ACCESS_MESSAGES.revoked;
  });
}
