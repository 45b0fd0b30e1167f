import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ACCESS_LEVEL_LABELS, type AccessLevel } from '#shared/screens/access-levels.ts';
import { ACCESS_MESSAGES, MAX_GRANTEES } from '#shared/screens/accesses.ts';
import {
  INVITATION_DAYS,
  INVITATION_MESSAGES,
  INVITATION_PATH,
  type AcceptInvitationForm,
  type Invitation,
} from '#shared/screens/invitations.ts';
import { DAY_MS } from '#shared/durations.ts';
import type { AppDeps } from '#server/context.ts';
import type { Reader, Tx } from '#server/db/client.ts';
import { accessInvitations, accountAccesses, clients } from '#server/db/schema/accounts.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import { findClientByEmail, insertClient } from '#server/services/accounts/accounts.ts';
import { invitationMail } from '#server/services/accounts/account-mails.ts';
import { spendMailBudget } from '#server/services/accounts/mail-budget.ts';
import { randomToken } from '#server/services/accounts/tokens.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { lockClient } from '#server/db/client-lock.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';

// Inviting a colleague who has no account yet (issue 41, ADR 0049): Доступы with an address that has
// no account mails a link instead of refusing. The link is valid INVITATION_DAYS, can be revoked
// ('Удалить' on the list's 'Приглашение отправлено'), and its form makes the colleague's account at
// the owner's clinic, gives the invited level and logs the colleague in.

const INVITATION_MS = INVITATION_DAYS * DAY_MS;

/** One waiting (not revoked, not accepted) invitation of the owner's to this address. */
const waiting = (ownerId: number, email: string) =>
  and(
    eq(accessInvitations.ownerClientId, ownerId),
    sql`lower(${accessInvitations.email}) = ${email.toLowerCase()}`,
    isNull(accessInvitations.revokedAt),
    isNull(accessInvitations.acceptedAt),
  );

/** The owner's clinic as the colleague reads it: its company, else the owner's name. */
async function clinicOf(db: Reader, ownerId: number) {
  const [owner] = await db
    .select({ company: clients.company, name: clients.name, surname: clients.surname, email: clients.email })
    .from(clients)
    .where(eq(clients.id, ownerId))
    .limit(1);
  const person = owner ? `${owner.name} ${owner.surname}`.trim() || owner.email : '';
  return { clinic: owner?.company?.trim() || person, person, company: owner?.company ?? null };
}

/**
 * Mails an invitation at `level`. Counted against the owner's limits (10 a day, 3 a day to one
 * address) and the portal's hourly mail budget, before the transaction that queues the mail.
 */
export async function inviteColleague(
  deps: AppDeps,
  ownerId: number,
  email: string,
  level: AccessLevel,
): Promise<string> {
  const address = email.toLowerCase();
  // A second invitation while one waits mails nothing and spends none of the limits.
  const [sent] = await deps.database.db
    .select({ expiresAt: accessInvitations.expiresAt })
    .from(accessInvitations)
    .where(waiting(ownerId, address));
  if (sent && sent.expiresAt > deps.now()) throw fieldFailure('email', INVITATION_MESSAGES.alreadySent);
  await enforceLimits(deps, [
    [rateRules.invitationAccount, String(ownerId)],
    [rateRules.invitationEmail, address],
  ]);
  await spendMailBudget(deps, 'access-invitation');
  const now = deps.now();
  const token = randomToken();
  await deps.database.db.transaction(async (tx) => {
    await lockClient(tx, ownerId);
    const [current] = await tx.select().from(accessInvitations).where(waiting(ownerId, address)).for('update');
    if (current && current.expiresAt > now) throw fieldFailure('email', INVITATION_MESSAGES.alreadySent);
    // An expired one gives way to the new one (one waiting invitation per owner and address).
    if (current) await tx.update(accessInvitations).set({ revokedAt: now }).where(eq(accessInvitations.id, current.id));
    const [given] = await tx
      .select({
        count: sql<number>`(select count(*) from ${accountAccesses} where ${accountAccesses.ownerClientId} = ${ownerId})
          + (select count(*) from ${accessInvitations} where ${accessInvitations.ownerClientId} = ${ownerId}
             and ${accessInvitations.revokedAt} is null and ${accessInvitations.acceptedAt} is null)`,
      })
      .from(sql`(select 1) as one`);
    if (Number(given?.count ?? 0) >= MAX_GRANTEES) throw fieldFailure('email', ACCESS_MESSAGES.tooMany);
    await tx.insert(accessInvitations).values({
      ownerClientId: ownerId,
      email: address,
      level,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + INVITATION_MS),
      createdAt: now,
    });
    const { clinic, person } = await clinicOf(tx, ownerId);
    const link = `${deps.config.publicUrl}${INVITATION_PATH}/${token}`;
    await queueMail(deps, tx, invitationMail(address, link, clinic, person, ACCESS_LEVEL_LABELS[level]));
  });
  return INVITATION_MESSAGES.sent;
}

/** 'Удалить' on a waiting invitation: its link stops working at once. False when there is none. */
export async function revokeInvitation(tx: Tx, ownerId: number, email: string, now: Date): Promise<boolean> {
  const revoked = await tx
    .update(accessInvitations)
    .set({ revokedAt: now })
    .where(waiting(ownerId, email))
    .returning({ id: accessInvitations.id });
  return revoked.length > 0;
}

/** The owner's waiting invitations for the list ('Приглашение отправлено', or expired). */
export async function waitingInvitations(db: Reader, ownerId: number) {
  return db
    .select({
      email: accessInvitations.email,
      level: accessInvitations.level,
      createdAt: accessInvitations.createdAt,
      expiresAt: accessInvitations.expiresAt,
    })
    .from(accessInvitations)
    .where(
      and(
        eq(accessInvitations.ownerClientId, ownerId),
        isNull(accessInvitations.revokedAt),
        isNull(accessInvitations.acceptedAt),
      ),
    )
    .orderBy(asc(accessInvitations.createdAt));
}

type InvitationRow = typeof accessInvitations.$inferSelect;

/**
 * The invitation the link's token names, if it can still be accepted; else the reason, in Russian.
 * `lock` holds the row to the transaction's end: a revocation or a second form racing waits, then loses.
 */
async function usableInvitation(
  db: Reader | Tx,
  token: string,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<InvitationRow> {
  const query = db
    .select()
    .from(accessInvitations)
    .where(eq(accessInvitations.tokenHash, sha256(token)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  if (!row || row.revokedAt) throw new ApiFailure(404, { success: false, message: INVITATION_MESSAGES.unknown });
  if (row.acceptedAt) throw new ApiFailure(409, { success: false, message: INVITATION_MESSAGES.accepted });
  if (row.expiresAt <= now) throw new ApiFailure(409, { success: false, message: INVITATION_MESSAGES.expired });
  return row;
}

export async function checkInvitation(deps: AppDeps, token: string): Promise<Invitation> {
  const db = deps.database.db;
  const row = await usableInvitation(db, token, deps.now());
  const { clinic, person } = await clinicOf(db, row.ownerClientId);
  return {
    email: row.email,
    clinic,
    owner_name: person,
    level: row.level,
    level_label: ACCESS_LEVEL_LABELS[row.level],
  };
}

/**
 * Makes the colleague's account (its clinic the owner's; the mailbox proven by the link), gives the
 * invited level with its `access.granted`, and marks the invitation used. Returns the new account.
 */
export async function acceptInvitation(
  deps: AppDeps,
  input: Pick<AcceptInvitationForm, 'token' | 'name' | 'surname' | 'phone' | 'new_password'>,
  grant: (tx: Tx, owner: number, grantee: number, level: AccessLevel, now: Date) => Promise<void>,
): Promise<{ clientId: number; level: AccessLevel }> {
  const now = deps.now();
  await usableInvitation(deps.database.db, input.token, now);
  const passwordHash = await deps.passwords.hash(input.new_password); // slow: outside the transaction
  return deps.database.db.transaction(async (tx) => {
    // Checked again under the row's lock: the check above only spared hashing for a dead link.
    const invitation = await usableInvitation(tx, input.token, now, { lock: true });
    await lockClient(tx, invitation.ownerClientId);
    if (await findClientByEmail(tx, invitation.email))
      throw new ApiFailure(409, { success: false, message: INVITATION_MESSAGES.emailTaken });
    const { company } = await clinicOf(tx, invitation.ownerClientId);
    const clientId = await insertClient(
      tx,
      {
        email: invitation.email,
        name: input.name,
        surname: input.surname,
        phone: input.phone,
        company,
        emailConfirmed: true,
      },
      passwordHash,
      now,
      'portal',
      422,
    );
    await tx.insert(accountAccesses).values({
      ownerClientId: invitation.ownerClientId,
      granteeClientId: clientId,
      level: invitation.level,
      createdAt: now,
    });
    await grant(tx, invitation.ownerClientId, clientId, invitation.level, now);
    await tx
      .update(accessInvitations)
      .set({ acceptedAt: now, acceptedClientId: clientId })
      .where(eq(accessInvitations.id, invitation.id));
    return { clientId, level: invitation.level };
  });
}
