import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { STOP_KINDS, STOP_STATES, type StopFailReason } from '#shared/dictionaries/courier-stops.ts';
import { createdAt, serialId, timestampTz } from '../columns.ts';
import { clients } from './accounts.ts';
import { tickets } from './tickets.ts';

/** Where the courier goes, as the back office gave it or as the portal request had it. */
export interface StopAddress {
  address: string;
  room: string;
  comment: string;
  /** "lat,lon" of a checked point; null when nobody checked it. */
  coordinates: string | null;
}

export interface StopContact {
  name: string;
  phone: string;
}

/** What the courier reported: the hand-over ('Забрал' / 'Доставил') or why nobody was met ('Не застал'). */
export type StopOutcome =
  | { instruments: Array<{ id: number; collected: boolean }>; person: string; photo_file_ids: number[] }
  | { reason: StopFailReason; comment: string };

/**
 * A courier's visit to a clinic for one ticket (API.md §Added for the fourth wave): planned by the back office on
 * a day and in an order, marked by the courier. Cancelled stops keep their row (cancelled_at).
 */
export const stops = pgTable(
  'stops',
  {
    id: serialId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STOP_KINDS }).notNull(),
    courierId: integer('courier_id')
      .notNull()
      .references(() => clients.id),
    /** The couriers it was taken from: their queued actions are refused with a reason, not a 404. */
    formerCourierIds: jsonb('former_courier_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** YYYY-MM-DD, Moscow. */
    date: text('date').notNull(),
    /** The back office's order within the courier's day (ties by id). */
    position: integer('position').notNull(),
    /** "HH:MM-HH:MM" or null. */
    timeWindow: text('time_window'),
    address: jsonb('address').$type<StopAddress>().notNull(),
    contact: jsonb('contact').$type<StopContact>().notNull(),
    comment: text('comment'),
    state: text('state', { enum: STOP_STATES }).notNull().default('planned'),
    cancelledAt: timestampTz('cancelled_at'),
    enRouteAt: timestampTz('en_route_at'),
    etaAt: timestampTz('eta_at'),
    /** When it was done or failed. */
    finishedAt: timestampTz('finished_at'),
    outcome: jsonb('outcome').$type<StopOutcome>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stops_courier_date_idx').on(t.courierId, t.date, t.position, t.id),
    index('stops_date_idx').on(t.date, t.courierId),
    index('stops_ticket_idx').on(t.ticketId),
  ],
);
