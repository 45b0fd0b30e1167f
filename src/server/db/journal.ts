import { sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { eventPayloads, FeedEventType } from '#shared/api/integration-events.ts';
import { events } from './schema/platform.ts';
import { historyEntries } from './schema/tickets.ts';
import type { Tx } from './client.ts';

// Writers for the two append-only logs. Both take the caller's transaction, so a change and the
// record of it are written together or not at all (API.md: events in the same transaction, once).

/** The feed's event types: one payload schema each (integration-events.ts, the OpenAPI document's). */
export type EventType = FeedEventType;

/** What an event of `T` carries: its type's schema, so a writer cannot drift from the document (ADR 0050). */
export type EventPayload<T extends EventType> = v.InferInput<(typeof eventPayloads)[T]>;

interface EventOf<T extends EventType> {
  type: T;
  clientId: number | null;
  ticketId?: number | null;
  payload: EventPayload<T>;
  createdAt?: Date;
}

export type NewEvent = { [T in EventType]: EventOf<T> }[EventType];

/** Any fixed number: the key of the advisory lock that orders event writers. */
const EVENT_ORDER_LOCK = 7_305_001;

export async function recordEvent(tx: Tx, event: NewEvent): Promise<void> {
  // Ids come from a sequence, but on PostgreSQL concurrent transactions may commit out of id order,
  // and a feed reader at `after=N` would then skip the late one for ever. Holding this lock until
  // commit makes event writers commit in id order. (PGlite is one connection: always ordered.)
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`);
  await tx.insert(events).values({
    type: event.type,
    clientId: event.clientId,
    ticketId: event.ticketId ?? null,
    payload: event.payload,
    ...(event.createdAt ? { createdAt: event.createdAt } : {}),
  });
}

/** Subject types the history panel knows; 'Ticket' gets a 'Перейти к заявке' link. */
export type HistorySubject = 'Ticket' | 'DefectiveList' | 'Bill' | 'Account';

export interface NewHistoryEntry {
  clientId: number;
  ticketId?: number | null;
  description: string;
  subjectType: HistorySubject;
  subjectId?: number | null;
  createdAt?: Date;
}

export async function recordHistory(tx: Tx, entry: NewHistoryEntry): Promise<void> {
  await tx.insert(historyEntries).values({
    clientId: entry.clientId,
    ticketId: entry.ticketId ?? null,
    description: entry.description,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
  });
}
