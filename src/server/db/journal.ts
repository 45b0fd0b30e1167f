import { sql } from 'drizzle-orm';
import { events } from './schema/platform.ts';
import { historyEntries } from './schema/tickets.ts';
import type { Tx } from './client.ts';

// Writers for the two append-only logs. Both take the caller's transaction, so a change and the
// record of it are written together or not at all (API.md: events in the same transaction, once).

export type EventType =
  | 'client.registered'
  | 'client.created'
  | 'client.updated'
  | 'ticket.created'
  | 'ticket.updated'
  | 'defect.created'
  | 'defect.updated'
  | 'defect.approved'
  | 'defect.rejected'
  | 'defect.discussed'
  | 'defect.answered'
  | 'defect.trade_in'
  | 'bill.created'
  | 'bill.updated'
  | 'bill.payment_reported'
  | 'notification.created'
  | 'points.changed'
  | 'access.granted'
  | 'access.changed'
  | 'access.revoked'
  | 'feedback.sent'
  | 'promocode.used'
  | 'quiz.answered'
  | 'courier.created'
  | 'courier.updated'
  | 'stop.en_route'
  | 'stop.done'
  | 'stop.failed';

export interface NewEvent {
  type: EventType;
  clientId: number | null;
  ticketId?: number | null;
  payload: Record<string, unknown>;
  createdAt?: Date;
}

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
