import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Drizzle has no built-in bytea column; node-postgres-style drivers hand us Buffers/Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
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
    /** When the clinic agreed to the processing of personal data and to the loyalty rules (asked once, portal.md §5 Step 3). */
    consentPolicyAt: timestamp('consent_policy_at', { withTimezone: true, mode: 'date' }),
    consentLoyaltyAt: timestamp('consent_loyalty_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the clinic proved it reads the login's mailbox (a code or link it was mailed, or a password
     * only ever sent there); null for an account the back office opened with a password of its own.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** A new login e-mail waiting for the code mailed to it (cabinet.md §2 Personal data); the old one stays until then. */
    pendingEmail: text('pending_email'),
    createdAt: createdAt(),
    /** Loyalty participation (portal.md §4.7): 'active', 'suspended' or 'left', and since when. */
    loyaltyState: text('loyalty_state').notNull().default('active'),
    loyaltyStateSince: timestamp('loyalty_state_since', { withTimezone: true, mode: 'date' }),
    /**
     * Since when the account takes part in the loyalty programme (portal.md §4.7: it joins on
     * registering): its creation, or migration 0016 for older accounts; rejoining after leaving
     * restarts it. Operations paid before it earn nothing.
     */
    loyaltyParticipantSince: timestamp('loyalty_participant_since', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('clients_telegram_token_key').on(t.telegramToken),
    uniqueIndex('clients_telegram_chat_id_key').on(t.telegramChatId),
  ],
);

/**
 * Access one clinic gave another to its tickets and bills (cabinet.md §2 Accesses): the grantee sees
 * and decides on the owner's tickets; services/access/access.ts is the one reader.
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
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerClientId, t.granteeClientId] }),
    index('account_accesses_grantee_idx').on(t.granteeClientId),
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
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
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
    id: serial('id').primaryKey(),
    purpose: text('purpose', {
      enum: ['registration', 'password_reset', 'email_confirmation', 'email_change', 'guest_request'],
    }).notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_lookup_idx').on(t.purpose, t.email), index('one_time_codes_hash_idx').on(t.codeHash)],
);

/** Fixed-window counters for throttling, shared by every API process through the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const offices = pgTable('offices', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  countryName: text('country_name').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  managerPhone: text('manager_phone').notNull(),
  email: text('email').notNull(),
  region: text('region').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  isShowInCrimea: boolean('is_show_in_crimea').notNull().default(false),
});

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Creator's account: differs from clientId once access sharing exists. */
    authorId: integer('author_id').references(() => clients.id),
    status: smallint('status').notNull().default(0),
    officeId: integer('office_id').references(() => offices.id),
    finished: boolean('finished').notNull().default(false),
    trackingLink: text('tracking_link'),
    providerOrderId: text('provider_order_id'),
    /** The courier's waybill PDF for the shipping order, uploaded by the back office. */
    waybillFileId: integer('waybill_file_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tickets_client_created_idx').on(t.clientId, t.createdAt.desc(), t.id.desc()),
    // The number search, a prefix of the number (migration 0020).
    index('tickets_client_number_idx').on(t.clientId, sql`(${t.id}::text) text_pattern_ops`),
  ],
);

export const instruments = pgTable(
  'instruments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    type: smallint('type').notNull(),
    description: text('description').notNull().default(''),
    status: smallint('status').notNull().default(1),
    /** The clinic's own name for an instrument of type 12 'Свой вариант'. */
    name: text('name'),
    /** Sent under guarantee (the repair request's checkbox). */
    guarantee: boolean('guarantee').notNull().default(false),
  },
  (t) => [index('instruments_ticket_idx').on(t.ticketId)],
);

/** Defect statements: the repair quotes a clinic decides on. `version` grows with every back-office change. */
export const defectStatements = pgTable(
  'defect_statements',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    defect: text('defect').notNull(),
    conclusion: text('conclusion'),
    sum: numeric('sum', { precision: 12, scale: 2 }).notNull(),
    status: smallint('status').notNull().default(1),
    agreed: smallint('agreed').notNull().default(0),
    tradeIsEnabled: boolean('trade_is_enabled').notNull().default(false),
    id1c: text('id_1c'),
    departure: text('departure'),
    documentFileId: integer('document_file_id'),
    photoFileIds: jsonb('photo_file_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('defect_statements_ticket_idx').on(t.ticketId)],
);

export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    id1c: text('id_1c').notNull(),
    date: text('date').notNull(),
    amountDocument: numeric('amount_document', { precision: 12, scale: 2 }).notNull(),
    /** 'Оплачен', null (no data) or any other text (unpaid), as the back office sends it. */
    status: text('status'),
    documentFileId: integer('document_file_id'),
    createdAt: createdAt(),
    /** When the bill was paid (the back office's `paid_at`, or the time it became 'Оплачен'). */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** The back office's purpose text for the payment QR (ADR 0028); null: 'Оплата по счёту № … от …'. */
    purpose: text('purpose'),
    /** The back office's VAT line for the payment QR; null: no VAT part (never assumed). */
    vat: text('vat'),
    /** When the clinic said it paid ('Я оплатил'); cleared when the back office sets the status. */
    paymentReportedAt: timestamp('payment_reported_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('bills_client_idx').on(t.clientId, t.id.desc())],
);

export const billDefectStatements = pgTable(
  'bill_defect_statements',
  {
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    defectStatementId: integer('defect_statement_id')
      .notNull()
      .references(() => defectStatements.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.billId, t.defectStatementId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    description: text('description').notNull(),
    /** The ticket it is about, if any: the page links the notification there. */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    isViewed: boolean('is_viewed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_client_idx').on(t.clientId, t.id.desc())],
);

/** Points are a ledger: the balance is the sum of entries, never a counter that can drift. */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** bigint: an operation's earned points can pass 2^31 (migration 0013). */
    delta: bigint('delta', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    // The loyalty ledger (ADR 0016). Credits (earned, credited, returned) are lots with their dates;
    // debits (spent, annulled) consume lots soonest-expiring first when the ledger is replayed.
    kind: text('kind').$type<PointsKind>().notNull().default('credited'),
    /** The operation's date (a bill's payment) for earned points; null: the entry's created_at. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }),
    /** Null (rows from before the ledger had dates): active from the start. */
    activatesAt: timestamp('activates_at', { withTimezone: true, mode: 'date' }),
    /** Null: a year after created_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    billId: integer('bill_id').references(() => bills.id),
    statementId: integer('statement_id').references(() => defectStatements.id),
    operationId: integer('operation_id').references(() => loyaltyOperations.id),
    /** An annulment's lot, or the spend a return gives back. */
    targetEntryId: integer('target_entry_id').references((): AnyPgColumn => pointsEntries.id),
  },
  (t) => [
    index('points_entries_client_idx').on(t.clientId),
    uniqueIndex('points_entries_bill_earned_key')
      .on(t.billId)
      .where(sql`${t.kind} = 'earned'`),
    index('points_entries_statement_idx')
      .on(t.statementId)
      .where(sql`${t.statementId} IS NOT NULL`),
  ],
);

export type PointsKind = 'earned' | 'credited' | 'returned' | 'spent' | 'annulled';

/** Orders paid outside the portal's bills that earn points (API.md "Loyalty programme"). */
export const loyaltyOperations = pgTable(
  'loyalty_operations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    externalId: text('external_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    lines: jsonb('lines').$type<Array<{ name: string; amount: string }>>().notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    cancelledLines: jsonb('cancelled_lines')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('loyalty_operations_external_id_key').on(t.externalId)],
);

/** The programme's announced pauses and ends (portal.md §4.7 "Programme end"); the newest row is the state. */
export const loyaltyProgrammeChanges = pgTable('loyalty_programme_changes', {
  id: serial('id').primaryKey(),
  state: text('state').$type<'active' | 'paused' | 'ending'>().notNull(),
  endsOn: timestamp('ends_on', { withTimezone: true, mode: 'date' }),
  announcedAt: timestamp('announced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The back office's ordered feed of what happened in the portal (API.md). */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  clientId: integer('client_id'),
  ticketId: integer('ticket_id'),
  payload: jsonb('payload')
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

/**
 * Uploaded documents and photos (statements, bills, waybills): their metadata and checksum. The
 * bytes are in the file store under `storage_key` (ADR 0025); a file is served only to the owner
 * of what references it.
 */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  /** The bytes in the file store (src/server/storage); null only for a row from before 0012 not moved yet. */
  storageKey: text('storage_key').unique(),
  /** The bytes of a row from before 0012 until the start-up move (storage/move-to-store.ts) empties it. */
  data: bytea('data'),
  /** The clinic that uploaded it (a repair request's photo): private to it until a ticket uses it. */
  ownerClientId: integer('owner_client_id').references(() => clients.id),
  createdAt: createdAt(),
});

/** What the clinic decided on a defect statement; one row per decision, written with its event. */
export const decisions = pgTable(
  'decisions',
  {
    id: serial('id').primaryKey(),
    defectStatementId: integer('defect_statement_id')
      .notNull()
      .references(() => defectStatements.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind', { enum: ['approved', 'rejected', 'discussed', 'trade_in'] }).notNull(),
    comment: text('comment'),
    balls: integer('balls').notNull().default(0),
    giftId: integer('gift_id'),
    tradeInInstrumentId: integer('trade_in_instrument_id'),
    /** The statement version the user saw when deciding. */
    statementVersion: integer('statement_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('decisions_statement_idx').on(t.defectStatementId)],
);

/**
 * Answers to decision calls by Idempotency-Key, per user, kept at least 8 days: a replay gets the
 * stored answer and writes nothing; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Ticket and account history shown to the clinic (history panel and /cabinet/history). */
export const historyEntries = pgTable(
  'history_entries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('history_entries_ticket_idx').on(t.ticketId, t.id),
    index('history_entries_client_idx').on(t.clientId, t.id.desc()),
  ],
);

/** Gifts that points can buy instead of a repair discount. */
export const gifts = pgTable('gifts', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  cost: integer('cost').notNull(),
  imageFileId: integer('image_file_id'),
  isAvailable: boolean('is_available').notNull().default(true),
});

/** New instruments offered in exchange for an old one (trade-in). */
export const tradeInInstruments = pgTable('trade_in_instruments', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  listImageFileId: integer('list_image_file_id'),
  pageImageFileId: integer('page_image_file_id'),
  properties: jsonb('properties')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  link: text('link').notNull(),
  priceDiscount: numeric('price_discount', { precision: 12, scale: 2 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

/** A clinic's saved addresses (cabinet.md §2 My addresses): where couriers collect instruments. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    apartment: text('apartment').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** False: saved as typed while the geo provider was unreachable; checked again when next used. */
    checked: boolean('checked').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('addresses_client_idx').on(t.clientId, t.id)],
);

/** Answers of the geo provider, so the same question within a day costs no second call (API.md "Places"). */
export const geoCache = pgTable('geo_cache', {
  /** sha256 of the provider, the kind of question and the normalised question. */
  key: text('key').primaryKey(),
  answer: jsonb('answer').notNull(),
  createdAt: createdAt(),
});

/** What a clinic sent with a repair request made in the portal (portal.md §2.1–2.2), beside its ticket. */
export const repairRequests = pgTable('repair_requests', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  contact: jsonb('contact').notNull(),
  address: jsonb('address').notNull(),
  pickupDate: text('pickup_date').notNull(),
  fileIds: jsonb('file_ids')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

/**
 * The site's promo banner (portal.md §2.3, §4.6), set by the back office (PUT /api/v1/banner): one
 * row, id 1. Its image is public while the active banner shows it (services/access/access.ts).
 */
export const siteBanner = pgTable('site_banner', {
  id: integer('id').primaryKey().default(1),
  isActive: boolean('is_active').notNull(),
  link: text('link'),
  imageFileId: integer('image_file_id').references(() => files.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
/** A browser's Web Push subscription (its PushSubscription), per account; an endpoint belongs to one account. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_client_idx').on(t.clientId),
  ],
);

/**
 * The outbox of deliveries outside the app (ADR 0019): one row per notification and channel, written
 * in the notification's transaction and sent by the delivery loop with retries. The bot's own
 * answers to a chat go the same way, without a notification.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'telegram' | 'push'>().notNull(),
    telegramChatId: text('telegram_chat_id'),
    pushSubscriptionId: integer('push_subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'set null',
    }),
    text: text('text').notNull(),
    /** The page a tap opens (the path of the portal). */
    url: text('url').notNull(),
    state: text('state').$type<'pending' | 'sent' | 'failed' | 'dropped'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A sender's claim: another process leaves the row alone until then (a crashed sender's claim runs out). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('notification_deliveries_chat_idx')
      .on(t.telegramChatId)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** The portal's edits of a KAVO ID profile (services/kavo/identities.ts): KAVO has no update API. */
export type KavoOverrides = Partial<Record<'last_name' | 'first_name' | 'middle_name' | 'city', string>>;

/**
 * A KAVO ID (OpenID Connect) identity linked to an account (cabinet.md §2 Provider identity page):
 * one issuer + subject belongs to one account; an account may link several. The profile columns
 * are the provider's claims as last read; the tokens are AES-256-GCM ciphertexts (services/kavo/tokens.ts).
 */
export const kavoIdentities = pgTable(
  'kavo_identities',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    phone: text('phone'),
    lastName: text('last_name'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    city: text('city'),
    overrides: jsonb('overrides')
      .$type<KavoOverrides>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kavo_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('kavo_identities_client_idx').on(t.clientId, t.id),
  ],
);

/**
 * A 'Привязать KAVO ID' under way: the state (hashed), nonce and PKCE verifier (encrypted) the
 * callback checks, bound to the account and the session that started it; single use, 10 minutes.
 */
export const kavoLoginFlows = pgTable(
  'kavo_login_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    sessionHash: text('session_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('kavo_login_flows_expires_idx').on(t.expiresAt)],
);

/**
 * Promo codes from the back office (portal.md §4.3, API.md "Loyalty programme"). `code_key` is the
 * code upper-cased by the server (not by the database's collation), so matching is case-insensitive
 * for Cyrillic codes too; `uses` counts redemptions and is raised under the row's lock.
 */
export const promocodes = pgTable(
  'promocodes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    points: integer('points').notNull(),
    maxUses: integer('max_uses'),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promocodes_code_key').on(t.codeKey),
    check('promocodes_points_positive', sql`${t.points} > 0`),
    check('promocodes_uses_within_limit', sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`),
  ],
);

/** One row per client and code: the primary key is what makes a code count once per client, races included. */
export const promocodeUses = pgTable(
  'promocode_uses',
  {
    promocodeId: integer('promocode_id')
      .notNull()
      .references(() => promocodes.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.promocodeId, t.clientId] }), index('promocode_uses_client_idx').on(t.clientId)],
);

/** Bonus surveys from the back office (portal.md §2.7, §4.4); the newest active one is offered. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    imageFileId: integer('image_file_id'),
    minutesCount: integer('minutes_count').notNull(),
    ballsCount: integer('balls_count').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('quizzes_active_idx')
      .on(t.id.desc())
      .where(sql`${t.active}`),
  ],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    type: text('type', { enum: ['radio-button', 'checkbox'] }).notNull(),
    hasOwn: boolean('has_own').notNull().default(false),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.position)],
);

export const quizItems = pgTable(
  'quiz_items',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    imageFileId: integer('image_file_id'),
  },
  (t) => [
    index('quiz_items_question_idx').on(t.questionId, t.position),
    index('quiz_items_image_idx')
      .on(t.imageFileId)
      .where(sql`${t.imageFileId} IS NOT NULL`),
  ],
);

/** A client's answers to a quiz; the primary key makes the reward count once per client and quiz. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.clientId] })],
);

/** Days the back office closed for pickups ('YYYY-MM-DD', Moscow); holidays are not stored (services/places/pickup-calendar.ts). */
export const pickupClosedDays = pgTable('pickup_closed_days', {
  day: text('day').primaryKey(),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
});
