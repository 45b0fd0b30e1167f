import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, serialId } from '../columns.ts';
import { clients } from './accounts.ts';
import { tickets } from './tickets.ts';

/**
 * Uploaded documents and photos (statements, bills, waybills): their metadata and checksum. The
 * bytes are in the file store under `storage_key` (ADR 0025); a file is served only to the owner
 * of what references it.
 */
export const files = pgTable('files', {
  id: serialId(),
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
