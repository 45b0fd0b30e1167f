import { ACCESS_LEVELS, levelGives, type AccessLevel } from '#shared/screens/access-levels.ts';
import { logins } from '#server/metrics/domain.ts';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { UserData } from '#shared/api/account.ts';
import type { AccountKind } from '#shared/api/account-kinds.ts';
import type { AppDeps, MailMessage } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { accountAccesses, clients } from '#server/db/schema/accounts.ts';
import { bills, tickets } from '#server/db/schema/tickets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { recordEvent } from '#server/db/journal.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import { loginAttemptsMail } from '#server/services/accounts/account-mails.ts';
import { ledgerOf, ledgerColumns } from '#server/services/loyalty/points.ts';
import { rateRules, type RateRule } from '#server/services/rate-limit.ts';
import { reserveLimits } from '#server/services/accounts/rate-reservations.ts';
import { takeMailBudget } from '#server/services/accounts/mail-budget.ts';
import { queueMailQuietly } from '#server/services/notifications/mail-queue.ts';
import { quizWaitingSql } from '#server/services/loyalty/quizzes.ts';

export const EMAIL_TAKEN_MESSAGE = 'Пользователь с таким e-mail уже зарегистрирован';
export const BAD_CREDENTIALS_MESSAGE = 'Неверный e-mail или пароль';
export const ACCOUNT_SWITCHED_OFF_MESSAGE = 'Учётная запись отключена. Обратитесь в сервисный центр.';

/** Addresses are compared lower-cased, matching the unique index on lower(email). */
export async function findClientByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select({
      id: clients.id,
      email: clients.email,
      passwordHash: clients.passwordHash,
      emailConfirmedAt: clients.emailConfirmedAt,
      kind: clients.kind,
      deactivatedAt: clients.deactivatedAt,
    })
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export interface NewClient {
  email: string;
  name: string;
  surname: string;
  patronymic?: string | null;
  phone?: string | null;
  company?: string | null;
  city?: string | null;
  /** Set when the password exists only in a mail to the address, or the address was proven by a code. */
  emailConfirmed: boolean;
  /** A clinic unless said: a courier's account is opened by the back office (services/integration/couriers.ts). */
  kind?: AccountKind;
}

/**
 * Inserts the account and its `client.registered` event in the caller's transaction (the event
 * feed must never miss or invent an account). A taken e-mail throws ApiFailure with `takenStatus`;
 * a race lost at the unique index surfaces as a unique violation the caller maps the same way.
 */
export async function insertClient(
  tx: Tx,
  client: NewClient,
  passwordHash: string,
  now: Date,
  source: 'portal' | 'integration',
  takenStatus: 409 | 422,
): Promise<number> {
  const email = client.email.toLowerCase();
  if (await findClientByEmail(tx, email)) throw fieldFailure('email', EMAIL_TAKEN_MESSAGE, takenStatus);
  const [row] = await tx
    .insert(clients)
    .values({
      email,
      name: client.name,
      surname: client.surname,
      patronymic: client.patronymic ?? null,
      phone: client.phone ?? null,
      company: client.company ?? null,
      city: client.city ?? null,
      passwordHash,
      emailConfirmedAt: client.emailConfirmed ? now : null,
      createdAt: now,
      // Registering (the consent to the loyalty rules) or being opened by the back office makes the
      // account a participant at once (portal.md §4.7).
      loyaltyParticipantSince: now,
      kind: client.kind ?? 'clinic',
    })
    .returning({ id: clients.id });
  if (!row) throw new Error('client was not inserted');
  // A courier is no client of the service centre: the feed says so, and names no client.
  await recordEvent(
    tx,
    client.kind === 'courier'
      ? { type: 'courier.created', clientId: null, payload: { courier_id: row.id, email }, createdAt: now }
      : { type: 'client.registered', clientId: row.id, payload: { client_id: row.id, email, source }, createdAt: now },
  );
  return row.id;
}

/**
 * The shell's user data with its counters (cabinet.md §3), or null when the account is gone. Asked
 * on every page load, so the three counters are subqueries of one statement, not four round trips.
 */
export async function loadUserData(db: Db, clientId: number, now: Date): Promise<UserData | null> {
  const seenBills = or(
    eq(bills.clientId, clients.id),
    inArray(
      bills.clientId,
      db
        .select({ owner: accountAccesses.ownerClientId })
        .from(accountAccesses)
        // Only the clinics whose level gives their bills (ADR 0049): the badge counts what the list shows.
        .where(and(eq(accountAccesses.granteeClientId, clients.id), inArray(accountAccesses.level, BILL_LEVELS))),
    ),
  );
  const [row] = await db
    .select({
      id: clients.id,
      name: clients.name,
      surname: clients.surname,
      patronymic: clients.patronymic,
      phone: clients.phone,
      email: clients.email,
      company: clients.company,
      city: clients.city,
      consentPolicyAt: clients.consentPolicyAt,
      consentLoyaltyAt: clients.consentLoyaltyAt,
      emailConfirmedAt: clients.emailConfirmedAt,
      pending_email: clients.pendingEmail,
      kind: clients.kind,
      // The ledger is replayed from its rows and the clock (points.ts), read in this same statement.
      ...ledgerColumns(),
      // API.md: 'Оплачен' is paid, null is "no data"; any other status text is unpaid.
      // The bills this account sees: its own and those of the clinics that gave it access (services/access/access.ts).
      unpaidBills: sql<string | number>`(${db
        .select({ count: sql`count(*)` })
        .from(bills)
        .where(and(seenBills, isNotNull(bills.status), ne(bills.status, 'Оплачен')))})`,
      hasBills: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(bills)
        .where(seenBills)})`,
      hasOwnTickets: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(tickets)
        .where(eq(tickets.clientId, clients.id))})`,
      unreadNotifications: sql<string | number>`(${db
        .select({ count: sql`count(*)` })
        .from(notifications)
        .where(and(eq(notifications.clientId, clients.id), eq(notifications.isViewed, false)))})`,
      // Who gave this account access (services/access/access.ts reads the same table), in the same statement.
      accessOwners: sql<unknown>`(${db
        .select({
          owners: sql`coalesce(json_agg(json_build_object('owner_id', ${accountAccesses.ownerClientId}, 'level', ${accountAccesses.level}) order by ${accountAccesses.ownerClientId}), '[]'::json)`,
        })
        .from(accountAccesses)
        .where(eq(accountAccesses.granteeClientId, clients.id))})`,
      // The bonus survey waits for this client (the header's item, portal.md §2.4).
      quizAvailable: quizWaitingSql(),
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) return null;
  const {
    unpaidBills,
    hasBills,
    hasOwnTickets,
    unreadNotifications,
    consentPolicyAt,
    consentLoyaltyAt,
    emailConfirmedAt,
    accessOwners,
    quizAvailable,
    ...rest
  } = row;
  const { loyaltyState, loyaltyStateSince, loyaltyParticipantSince, ledgerRows, programmeChanges, ...user } = rest;
  // A courier has no points, bills, surveys or colleagues: the clinic's counters stay empty for it.
  if (user.kind === 'courier') {
    return {
      ...user,
      balls: 0,
      unpaid_bills: 0,
      unread_notifications: Number(unreadNotifications),
      consents_given: true,
      email_confirmed: emailConfirmedAt !== null,
      access_owner_ids: [],
      quiz_available: false,
      has_bills: false,
    };
  }
  const grants = grantList(accessOwners);
  return {
    ...user,
    balls: ledgerOf({ loyaltyState, loyaltyStateSince, loyaltyParticipantSince, ledgerRows, programmeChanges }, now)
      .replay.balance,
    unpaid_bills: Number(unpaidBills),
    unread_notifications: Number(unreadNotifications),
    consents_given: consentPolicyAt !== null && consentLoyaltyAt !== null,
    email_confirmed: emailConfirmedAt !== null,
    access_owner_ids: grants.map((grant) => grant.owner_id),
    access_grants: grants.map((grant) => `${grant.owner_id}:${grant.level}`),
    quiz_available: truthy(quizAvailable),
    has_bills: truthy(hasBills),
    hidden_sections: hiddenSections(grants, {
      tickets: truthy(hasOwnTickets),
      bills: truthy(hasBills),
    }),
  };
}

/** A boolean column or exists() as one driver or the other gives it back. */
const truthy = (value: unknown) => value === true || String(value) === 'true';

/**
 * The sections a colleague has no way to (issue 41, ADR 0054): none of their accesses gives it and
 * they have none of their own (`has`: tickets of their own; bills they see, which without an access
 * giving bills are their own). An account no one gave access to sees every section, empty or not.
 */
function hiddenSections(
  grants: readonly { level: AccessLevel }[],
  has: Readonly<Record<'tickets' | 'bills', boolean>>,
): NonNullable<UserData['hidden_sections']> {
  if (grants.length === 0) return [];
  return (['tickets', 'bills'] as const).filter(
    (section) => !has[section] && !grants.some((grant) => levelGives(grant.level, section)),
  );
}

/** json_agg comes back parsed from one driver and as text from another. */
function grantList(value: unknown): { owner_id: number; level: AccessLevel }[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return (parsed as { owner_id: unknown; level: AccessLevel }[]).map((row) => ({
    owner_id: Number(row.owner_id),
    level: row.level,
  }));
}

/** The levels that give a clinic's bills to a colleague (#shared/screens/access-levels.ts). */
const BILL_LEVELS = ACCESS_LEVELS.filter((level) => levelGives(level, 'bills'));

/** What failed logins count against (and a wrong current password on a password change). */
export function loginLimits(email: string, ip: string): ReadonlyArray<readonly [RateRule, string]> {
  const account = email.toLowerCase();
  return [
    [rateRules.loginAccountIp, `${account}|${ip}`],
    [rateRules.loginIp, ip],
    [rateRules.loginAccount, account],
  ];
}

/**
 * Checks e-mail and password. Failures are throttled per account and address, per address, and per
 * account from everywhere (a much higher ceiling, at which the owner is mailed): a guesser on one
 * address stops without locking out the owner on another, and successes count against nobody. An
 * attempt from a device that logged in to this account before (`deviceOf`, services/accounts/login-devices.ts)
 * counts against that device only, so nobody else's guesses lock the owner out there. Each attempt
 * is counted before the slow hash and given back when the password is right, so a parallel burst
 * cannot pass a limit. Unknown e-mail and wrong password give the same answer in the same time.
 * Returns the account id.
 */
export async function authenticate(
  deps: AppDeps,
  email: string,
  password: string,
  ip: string,
  deviceOf: (clientId: number) => string | null,
): Promise<{ id: number; kind: AccountKind }> {
  const client = await findClientByEmail(deps.database.db, email);
  const device = client ? deviceOf(client.id) : null;
  const limits: ReadonlyArray<readonly [RateRule, string]> =
    client && device ? [[rateRules.loginDevice, `${client.id}|${device}`]] : loginLimits(email, ip);
  const reservation = await reserveLimits(deps, limits).catch((error: unknown) => {
    logins.inc({ outcome: 'locked' });
    throw error;
  });
  let valid: boolean;
  try {
    valid = await deps.passwords.verify(password, client?.passwordHash ?? null);
  } catch (error) {
    // A hash that could not run (the hasher's queue full) is no guess: it counts against nobody.
    await reservation.release();
    throw error;
  }
  if (!client || !valid) {
    await reservation.keep();
    const reachedCeiling = reservation.counted.some(
      (entry) => entry.rule === rateRules.loginAccount && entry.hits === entry.rule.limit,
    );
    if (client && reachedCeiling) await mailQuietly(deps, loginAttemptsMail(client.email));
    logins.inc({ outcome: 'failed' });
    throw new ApiFailure(422, {
      success: false,
      message: BAD_CREDENTIALS_MESSAGE,
      errors: { password: [BAD_CREDENTIALS_MESSAGE] },
    });
  }
  await reservation.release();
  // Said only to whoever knows the password: to anyone else a switched-off account looks like any other.
  if (client.deactivatedAt !== null) {
    logins.inc({ outcome: 'failed' });
    throw new ApiFailure(403, { success: false, message: ACCOUNT_SWITCHED_OFF_MESSAGE });
  }
  logins.inc({ outcome: 'ok' });
  return { id: client.id, kind: client.kind };
}

/**
 * A warning mail, queued in the outbox (ADR 0045) so that nothing about it can turn the answer into
 * an error. It takes from the hourly mail budget too; with the budget spent it is left out
 * (takeMailBudget logs it).
 */
export async function mailQuietly(deps: AppDeps, message: MailMessage): Promise<void> {
  if (!(await takeMailBudget(deps, message.kind ?? 'mail')).ok) return;
  await queueMailQuietly(deps, message);
}
