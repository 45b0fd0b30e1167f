import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../columns.ts';
import { clients } from './accounts.ts';

/** Fixed-window counters for throttling, shared by every API process through the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestampTz('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

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
