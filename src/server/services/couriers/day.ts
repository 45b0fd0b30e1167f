import { and, asc, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import { courierFilePath, courierMessages, type CourierStop } from '#shared/screens/courier.ts';
import { instrumentTypeLabel } from '#shared/dictionaries/instruments.ts';
import type { StopFailReason } from '#shared/dictionaries/courier-stops.ts';
import { formatServerTimestamp, serverDate } from '#shared/format/server-timestamp.ts';
import type { Reader } from '#server/db/client.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { stops, type StopOutcome } from '#server/db/schema/couriers.ts';
import { files, repairRequests } from '#server/db/schema/repair-requests.ts';
import { instruments, tickets } from '#server/db/schema/tickets.ts';
import { fieldFailure, notFound } from '#server/lib/api-failure.ts';
import { courierWindow, isCourierDay } from '#server/lib/courier-window.ts';

// The courier's day (API.md §Added for the fourth wave): its own stops, from yesterday to a week ahead, with what
// the visit needs — the clinic's name, where, whom to call, the instruments and the request's photos —
// and nothing else of the clinic (no prices, quotes, bills or points).

/** The day asked for (default today), refused with 422 outside the courier's window. */
export function courierDay(day: string | undefined, now: Date): string {
  const date = day ?? serverDate(now);
  if (!isCourierDay(date, now)) throw fieldFailure('date', courierMessages.dayOutOfRange);
  return date;
}

type StopRow = typeof stops.$inferSelect;

interface StoredRequestAddress {
  company?: string;
}

/** The clinic as the courier knows it: the company of its request, else the account's company or name. */
function clinicName(
  request: { address: unknown } | undefined,
  account: { company: string | null; name: string; surname: string },
): string {
  const company = (request?.address as StoredRequestAddress | undefined)?.company;
  return company || account.company || `${account.name} ${account.surname}`.trim();
}

/** The clinic of one ticket as the courier's screens name it (the notices of a changed day). */
export async function clinicNameOfTicket(db: Reader, ticketId: number): Promise<string> {
  const [[account], [request]] = await Promise.all([
    db
      .select({ company: clients.company, name: clients.name, surname: clients.surname })
      .from(tickets)
      .innerJoin(clients, eq(clients.id, tickets.clientId))
      .where(eq(tickets.id, ticketId)),
    db
      .select({ address: repairRequests.address })
      .from(repairRequests)
      .where(eq(repairRequests.ticketId, ticketId))
      .limit(1),
  ]);
  return clinicName(request, account ?? { company: null, name: '', surname: '' });
}

/** The stops as the courier's screens show them; `numbers` gives each its place in its day. */
async function describe(db: Reader, rows: StopRow[], numbers: Map<number, number>): Promise<CourierStop[]> {
  if (rows.length === 0) return [];
  const ticketIds = [...new Set(rows.map((row) => row.ticketId))];
  const [ticketRows, instrumentRows, requestRows] = await Promise.all([
    db
      .select({ id: tickets.id, company: clients.company, name: clients.name, surname: clients.surname })
      .from(tickets)
      .innerJoin(clients, eq(clients.id, tickets.clientId))
      .where(inArray(tickets.id, ticketIds)),
    db.select().from(instruments).where(inArray(instruments.ticketId, ticketIds)).orderBy(asc(instruments.id)),
    db
      .select({ ticketId: repairRequests.ticketId, address: repairRequests.address, fileIds: repairRequests.fileIds })
      .from(repairRequests)
      .where(inArray(repairRequests.ticketId, ticketIds)),
  ]);
  const accountOf = new Map(ticketRows.map((row) => [row.id, row]));
  const requestOf = new Map(requestRows.map((row) => [row.ticketId, row]));
  const photo = (id: number) => ({ id, url: courierFilePath(id) });
  return rows.map((row) => {
    const outcome = row.outcome as StopOutcome | null;
    const request = requestOf.get(row.ticketId);
    return {
      id: row.id,
      number: numbers.get(row.id) ?? 0,
      ticket_id: row.ticketId,
      kind: row.kind,
      state: row.state,
      date: row.date,
      window: row.timeWindow,
      clinic: { name: clinicName(request, accountOf.get(row.ticketId) ?? { company: null, name: '', surname: '' }) },
      address: row.address,
      contact: row.contact,
      comment: row.comment,
      instruments: instrumentRows
        .filter((item) => item.ticketId === row.ticketId)
        .map((item) => ({
          id: item.id,
          serial_number: item.serialNumber,
          type: item.type,
          type_name: instrumentTypeLabel(item.type),
          name: item.name,
          description: item.description,
          guarantee: item.guarantee,
        })),
      photos: (request?.fileIds ?? []).map(photo),
      eta_at: row.etaAt && formatServerTimestamp(row.etaAt),
      finished_at: row.finishedAt && formatServerTimestamp(row.finishedAt),
      done:
        row.state === 'done' && outcome && 'person' in outcome
          ? { instruments: outcome.instruments, person: outcome.person, photos: outcome.photo_file_ids.map(photo) }
          : null,
      failed:
        row.state === 'failed' && outcome && 'reason' in outcome
          ? { reason: outcome.reason as StopFailReason, comment: outcome.comment }
          : null,
    };
  });
}

/** The courier's stops of one day that are not cancelled, in the back office's order. */
async function dayRows(db: Reader, courierId: number, date: string): Promise<StopRow[]> {
  return db
    .select()
    .from(stops)
    .where(and(eq(stops.courierId, courierId), eq(stops.date, date), isNull(stops.cancelledAt)))
    .orderBy(asc(stops.position), asc(stops.id));
}

export async function courierStops(db: Reader, courierId: number, date: string): Promise<CourierStop[]> {
  const rows = await dayRows(db, courierId, date);
  return describe(db, rows, new Map(rows.map((row, index) => [row.id, index + 1])));
}

/**
 * One stop of the courier's, as its card shows it; another courier's, a cancelled one or one outside
 * the window: 404. `anyDay`: the answer to an action, which the outbox may replay after the window moved on.
 */
export async function courierStop(
  db: Reader,
  courierId: number,
  stopId: number,
  now: Date,
  { anyDay = false } = {},
): Promise<CourierStop> {
  const [row] = await db
    .select()
    .from(stops)
    .where(and(eq(stops.id, stopId), eq(stops.courierId, courierId), isNull(stops.cancelledAt)))
    .limit(1);
  if (!row || (!anyDay && !isCourierDay(row.date, now))) throw notFound();
  const day = await dayRows(db, courierId, row.date);
  const [stop] = await describe(db, [row], new Map(day.map((item, index) => [item.id, index + 1])));
  return stop!;
}

/**
 * Whether the courier may fetch a file: a photo of the request behind one of its stops in its window,
 * or one it took itself (its own upload, whether a stop names it yet or not).
 */
export async function courierSeesFile(db: Reader, courierId: number, fileId: number, now: Date): Promise<boolean> {
  const [own] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerClientId, courierId)))
    .limit(1);
  if (own) return true;
  const [request] = await db
    .select({ id: stops.id })
    .from(stops)
    .innerJoin(repairRequests, eq(repairRequests.ticketId, stops.ticketId))
    .where(
      and(
        eq(stops.courierId, courierId),
        isNull(stops.cancelledAt),
        between(stops.date, ...courierWindow(now)),
        sql`${repairRequests.fileIds} @> ${JSON.stringify([fileId])}::jsonb`,
      ),
    )
    .limit(1);
  return request !== undefined;
}
