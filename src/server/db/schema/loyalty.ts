import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestampTz } from '../columns.ts';
import { clientId } from './accounts.ts';
import { defectStatements, bills } from './tickets.ts';

/** Points are a ledger: the balance is the sum of entries, never a counter that can drift. */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: serialId(),
    clientId: clientId(),
    /** bigint: an operation's earned points can pass 2^31 (migration 0013). */
    delta: bigint('delta', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    // The loyalty ledger (ADR 0016). Credits (earned, credited, returned) are lots with their dates;
    // debits (spent, annulled) consume lots soonest-expiring first when the ledger is replayed.
    kind: text('kind').$type<PointsKind>().notNull().default('credited'),
    /** The operation's date (a bill's payment) for earned points; null: the entry's created_at. */
    occurredAt: timestampTz('occurred_at'),
    /** Null (rows from before the ledger had dates): active from the start. */
    activatesAt: timestampTz('activates_at'),
    /** Null: a year after created_at. */
    expiresAt: timestampTz('expires_at'),
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

/** Orders paid outside the portal's bills that earn points (API.md §Loyalty programme). */
export const loyaltyOperations = pgTable(
  'loyalty_operations',
  {
    id: serialId(),
    clientId: clientId(),
    externalId: text('external_id').notNull(),
    paidAt: timestampTz('paid_at').notNull(),
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
  id: serialId(),
  state: text('state').$type<'active' | 'paused' | 'ending'>().notNull(),
  endsOn: timestampTz('ends_on'),
  announcedAt: timestampTz('announced_at').notNull().defaultNow(),
});

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

/**
 * Promo codes from the back office (portal.md §4.3, API.md §Loyalty programme). `code_key` is the
 * code upper-cased by the server (not by the database's collation), so matching is case-insensitive
 * for Cyrillic codes too; `uses` counts redemptions and is raised under the row's lock.
 */
export const promocodes = pgTable(
  'promocodes',
  {
    id: serialId(),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    points: integer('points').notNull(),
    maxUses: integer('max_uses'),
    validUntil: timestampTz('valid_until'),
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
    clientId: clientId(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.promocodeId, t.clientId] }), index('promocode_uses_client_idx').on(t.clientId)],
);

/** Bonus surveys from the back office (portal.md §2.7, §4.4); the newest active one is offered. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serialId(),
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
    id: serialId(),
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
    id: serialId(),
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
    clientId: clientId(),
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.clientId] })],
);
