import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  courierMessages,
  type CreateStopInput,
  type PatchStopInput,
  type StopOut,
} from '#shared/api/integration-couriers.ts';
import { serverDate } from '#shared/format/server-timestamp.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { stops, type StopAddress, type StopContact } from '#server/db/schema/couriers.ts';
import { tickets } from '#server/db/schema/tickets.ts';
import { ApiFailure, fieldFailure, notFound } from '#server/lib/api-failure.ts';
import { noticeNewStop, noticeStopChange } from '#server/services/couriers/day-notices.ts';
import { requireActiveCourier } from '#server/services/integration/couriers.ts';
import { loadTicketRequest } from '#server/services/tickets/request.ts';

// The back office plans the couriers' stops (API.md §Added for the fourth wave): POST, PATCH and GET /api/v1/stops.
// What the courier then does with a stop is services/couriers/.

/** Where and whom: as given, else from the portal request the ticket was made from; 422 when neither. */
async function placeAndPerson(tx: Tx, input: CreateStopInput): Promise<{ address: StopAddress; contact: StopContact }> {
  const request = input.address && input.contact ? null : await loadTicketRequest(tx, input.ticket_id);
  const address: StopAddress | null = input.address
    ? { ...input.address, coordinates: input.address.coordinates ?? null }
    : request && {
        address: request.address,
        room: request.room,
        comment: request.message,
        coordinates: request.coordinates,
      };
  const contact: StopContact | null =
    input.contact ??
    (request && {
      name: `${request.contact.name} ${request.contact.surname}`.trim(),
      phone: request.contact.phone,
    });
  if (!address && !contact)
    throw new ApiFailure(422, {
      success: false,
      message: courierMessages.addressRequired,
      errors: { address: [courierMessages.addressRequired], contact: [courierMessages.contactRequired] },
    });
  if (!address) throw fieldFailure('address', courierMessages.addressRequired);
  if (!contact) throw fieldFailure('contact', courierMessages.contactRequired);
  return { address, contact };
}

/** After the last stop of the courier's day that is not cancelled. */
async function nextPosition(tx: Tx, courierId: number, date: string): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | string | null>`max(${stops.position})` })
    .from(stops)
    .where(and(eq(stops.courierId, courierId), eq(stops.date, date), isNull(stops.cancelledAt)));
  return Number(row?.last ?? 0) + 1;
}

export async function createStop(deps: AppDeps, input: CreateStopInput): Promise<{ id: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [ticket] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, input.ticket_id)).limit(1);
    if (!ticket) throw fieldFailure('ticket_id', courierMessages.ticketNotFound);
    await requireActiveCourier(tx, input.courier_id);
    const { address, contact } = await placeAndPerson(tx, input);
    const [row] = await tx
      .insert(stops)
      .values({
        ticketId: input.ticket_id,
        kind: input.kind,
        courierId: input.courier_id,
        date: input.date,
        position: input.position ?? (await nextPosition(tx, input.courier_id, input.date)),
        timeWindow: input.window,
        address,
        contact,
        comment: input.comment || null,
        createdAt: now,
      })
      .returning();
    await noticeNewStop(tx, row!, now);
    return { id: row!.id };
  });
}

/**
 * PATCH /stops/{id}: another courier, day, place or window, or cancelled. A stop the courier has
 * done or failed is history: 409. Given to another courier or day without a position, it goes last,
 * planned again (a promised arrival no longer holds).
 */
export async function patchStop(
  deps: AppDeps,
  id: number,
  input: PatchStopInput,
): Promise<{ id: number; changed: string[] }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [stop] = await tx.select().from(stops).where(eq(stops.id, id)).for('update');
    if (!stop) throw notFound();
    if (stop.state === 'done' || stop.state === 'failed')
      throw new ApiFailure(409, { success: false, message: courierMessages.stopFinished });
    const courierId = input.courier_id ?? stop.courierId;
    const date = input.date ?? stop.date;
    const moved = courierId !== stop.courierId || date !== stop.date;
    if (courierId !== stop.courierId) await requireActiveCourier(tx, courierId);
    const cancelledAt =
      input.cancelled === undefined ? stop.cancelledAt : input.cancelled ? (stop.cancelledAt ?? now) : null;
    const next = {
      courierId,
      date,
      position: input.position ?? (moved ? await nextPosition(tx, courierId, date) : stop.position),
      timeWindow: input.window === undefined ? stop.timeWindow : input.window,
      cancelledAt,
      formerCourierIds:
        courierId === stop.courierId ? stop.formerCourierIds : [...new Set([...stop.formerCourierIds, stop.courierId])],
      // A courier under way who loses the stop (or whose stop moves to another day) is no longer coming.
      ...(moved ? { state: 'planned' as const, enRouteAt: null, etaAt: null } : {}),
    };
    const changed = [
      ...(courierId !== stop.courierId ? ['courier_id'] : []),
      ...(date !== stop.date ? ['date'] : []),
      ...(next.position !== stop.position ? ['position'] : []),
      ...(next.timeWindow !== stop.timeWindow ? ['window'] : []),
      ...((cancelledAt === null) !== (stop.cancelledAt === null) ? ['cancelled'] : []),
    ];
    if (changed.length > 0) {
      await tx.update(stops).set(next).where(eq(stops.id, id));
      await noticeStopChange(tx, stop, { ...stop, ...next }, now);
    }
    return { id, changed };
  });
}

type StopRow = typeof stops.$inferSelect;

export function stopOut(row: StopRow, clientId: number, courierActive: boolean): StopOut {
  return {
    id: row.id,
    ticket_id: row.ticketId,
    client_id: clientId,
    kind: row.kind,
    courier_id: row.courierId,
    courier_active: courierActive,
    date: row.date,
    position: row.position,
    window: row.timeWindow,
    address: row.address,
    contact: row.contact,
    comment: row.comment,
    state: row.state,
    cancelled: row.cancelledAt !== null,
    en_route_at: row.enRouteAt?.toISOString() ?? null,
    eta_at: row.etaAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    outcome: row.outcome,
  };
}

/** GET /stops: one day's stops (default today, Moscow), of one courier or all, in each courier's order. */
export async function listStops(
  deps: AppDeps,
  query: { date?: string | undefined; courier_id?: number | undefined },
): Promise<{ stops: StopOut[] }> {
  const date = query.date ?? serverDate(deps.now());
  const rows = await deps.database.db
    .select({ stop: stops, clientId: tickets.clientId, deactivatedAt: clients.deactivatedAt })
    .from(stops)
    .innerJoin(tickets, eq(tickets.id, stops.ticketId))
    .innerJoin(clients, eq(clients.id, stops.courierId))
    .where(
      and(eq(stops.date, date), query.courier_id === undefined ? undefined : eq(stops.courierId, query.courier_id)),
    )
    .orderBy(asc(stops.courierId), asc(stops.position), asc(stops.id));
  return { stops: rows.map((row) => stopOut(row.stop, row.clientId, row.deactivatedAt === null)) };
}
