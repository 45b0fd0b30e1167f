import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestampTz } from '../columns.ts';
import { clientId, clients } from './accounts.ts';
import { offices } from './places.ts';

export const tickets = pgTable(
  'tickets',
  {
    id: serialId(),
    clientId: clientId(),
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
    // The status filter, one status newest first (migration 0021).
    index('tickets_client_status_created_idx').on(t.clientId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export const instruments = pgTable(
  'instruments',
  {
    id: serialId(),
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
    id: serialId(),
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
    id: serialId(),
    clientId: clientId(),
    id1c: text('id_1c').notNull(),
    date: text('date').notNull(),
    amountDocument: numeric('amount_document', { precision: 12, scale: 2 }).notNull(),
    /** 'Оплачен', null (no data) or any other text (unpaid), as the back office sends it. */
    status: text('status'),
    documentFileId: integer('document_file_id'),
    createdAt: createdAt(),
    /** When the bill was paid (the back office's `paid_at`, or the time it became 'Оплачен'). */
    paidAt: timestampTz('paid_at'),
    /** The back office's purpose text for the payment QR (ADR 0028); null: 'Оплата по счёту № … от …'. */
    purpose: text('purpose'),
    /** The back office's VAT line for the payment QR; null: no VAT part (never assumed). */
    vat: text('vat'),
    /** When the clinic said it paid ('Я оплатил'); cleared when the back office sets the status. */
    paymentReportedAt: timestampTz('payment_reported_at'),
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

/** What the clinic decided on a defect statement; one row per decision, written with its event. */
export const decisions = pgTable(
  'decisions',
  {
    id: serialId(),
    defectStatementId: integer('defect_statement_id')
      .notNull()
      .references(() => defectStatements.id, { onDelete: 'cascade' }),
    clientId: clientId(),
    kind: text('kind', { enum: ['approved', 'rejected', 'discussed', 'trade_in'] }).notNull(),
    comment: text('comment'),
    balls: integer('balls').notNull().default(0),
    giftId: integer('gift_id'),
    tradeInInstrumentId: integer('trade_in_instrument_id'),
    /** A trade-in's new instrument and its price with the trade-in, as the clinic agreed to them (migration 0026). */
    tradeInTitle: text('trade_in_title'),
    tradeInPrice: numeric('trade_in_price', { precision: 12, scale: 2 }),
    /** The statement version the user saw when deciding. */
    statementVersion: integer('statement_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('decisions_statement_idx').on(t.defectStatementId)],
);

/** Ticket and account history shown to the clinic (history panel and /cabinet/history). */
export const historyEntries = pgTable(
  'history_entries',
  {
    id: serialId(),
    clientId: clientId(),
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

/** The service centre's answer to a clinic's 'Обсудить' (the discussion decision it answers). */
export const defectAnswers = pgTable(
  'defect_answers',
  {
    id: serialId(),
    defectStatementId: integer('defect_statement_id')
      .notNull()
      .references(() => defectStatements.id, { onDelete: 'cascade' }),
    decisionId: integer('decision_id')
      .notNull()
      .references(() => decisions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('defect_answers_statement_idx').on(t.defectStatementId, t.id)],
);
