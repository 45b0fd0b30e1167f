import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACCOUNT_KINDS } from '#shared/api/account-kinds.ts';
import { ACCESS_LEVELS } from '#shared/screens/access-levels.ts';
import { createdAt, serialId, timestampTz } from '../columns.ts';

export const clients = pgTable(
  'clients',
  {
    id: serialId(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    patronymic: text('patronymic'),
    phone: text('phone'),
    company: text('company'),
    city: text('city'),
    passwordHash: text('password_hash').notNull(),
    telegramChatId: text('telegram_chat_id'),
    /** The random token of the bot's start link (`/start <token>` links the chat); a new one after each link. */
    telegramToken: text('telegram_token'),
    /** 'Дублировать уведомления на e-mail': every notification also goes to the login address (ADR 0045). */
    notifyByEmail: boolean('notify_by_email').notNull().default(false),
    /** When the clinic agreed to the processing of personal data and to the loyalty rules (asked once, portal.md §5 Step 3). */
    consentPolicyAt: timestampTz('consent_policy_at'),
    consentLoyaltyAt: timestampTz('consent_loyalty_at'),
    /**
     * When the clinic proved it reads the login's mailbox (a code or link it was mailed, or a password
     * only ever sent there); null for an account the back office opened with a password of its own.
     */
    emailConfirmedAt: timestampTz('email_confirmed_at'),
    /** A new login e-mail waiting for the code mailed to it (cabinet.md §2 Personal data); the old one stays until then. */
    pendingEmail: text('pending_email'),
    createdAt: createdAt(),
    /** Loyalty participation (portal.md §4.7): 'active', 'suspended' or 'left', and since when. */
    loyaltyState: text('loyalty_state').notNull().default('active'),
    loyaltyStateSince: timestampTz('loyalty_state_since'),
    /**
     * Since when the account takes part in the loyalty programme (portal.md §4.7: it joins on
     * registering): its creation, or migration 0016 for older accounts; rejoining after leaving
     * restarts it. Operations paid before it earn nothing.
     */
    loyaltyParticipantSince: timestampTz('loyalty_participant_since').notNull().defaultNow(),
    /** A clinic's account or the service centre's courier (ADR 0042): the kind picks the shell and what the server serves it. */
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull().default('clinic'),
    /** When the back office switched the (courier's) account off: its sessions end and it cannot log in. */
    deactivatedAt: timestampTz('deactivated_at'),
  },
  (t) => [
    uniqueIndex('clients_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('clients_telegram_token_key').on(t.telegramToken),
    uniqueIndex('clients_telegram_chat_id_key').on(t.telegramChatId),
  ],
);

/**
 * Access one clinic gave another to its tickets and bills (cabinet.md §2 Accesses): the grantee sees
 * the owner's records as its `level` allows (ADR 0049); services/access/access.ts is the one reader.
 */
export const accountAccesses = pgTable(
  'account_accesses',
  {
    ownerClientId: integer('owner_client_id')
      .notNull()
      .references(() => clients.id),
    granteeClientId: integer('grantee_client_id')
      .notNull()
      .references(() => clients.id),
    /** 'full' (tickets, decisions, bills), 'tickets' or 'bills' (#shared/screens/access-levels.ts). */
    level: text('level', { enum: ACCESS_LEVELS }).notNull().default('full'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerClientId, t.granteeClientId] }),
    index('account_accesses_grantee_idx').on(t.granteeClientId),
  ],
);

/**
 * An owner's invitation of a colleague with no account yet (issue 41, ADR 0049): the mailed link's
 * token hashed, valid 7 days, revocable; accepting makes the account and gives `level`.
 */
export const accessInvitations = pgTable(
  'access_invitations',
  {
    id: serialId(),
    ownerClientId: integer('owner_client_id')
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull(),
    level: text('level', { enum: ACCESS_LEVELS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    acceptedAt: timestampTz('accepted_at'),
    acceptedClientId: integer('accepted_client_id').references(() => clients.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_invitations_token_key').on(t.tokenHash),
    uniqueIndex('access_invitations_waiting_key')
      .on(t.ownerClientId, sql`lower(${t.email})`)
      .where(sql`${t.revokedAt} is null and ${t.acceptedAt} is null`),
  ],
);

/** Opaque session tokens, stored as SHA-256 hashes; expiry slides on use. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_client_idx').on(t.clientId)],
);

/**
 * One-time codes: e-mailed registration codes (4 digits) and password-reset links (long tokens).
 * Single use, short-lived, a few attempts. `payload` keeps what the code confirms (the registration form).
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serialId(),
    purpose: text('purpose', {
      enum: ['registration', 'password_reset', 'email_confirmation', 'email_change', 'guest_request'],
    }).notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_lookup_idx').on(t.purpose, t.email), index('one_time_codes_hash_idx').on(t.codeHash)],
);

/** The clinic account a row belongs to: the `client_id` most tables carry. */
export const clientId = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id);
