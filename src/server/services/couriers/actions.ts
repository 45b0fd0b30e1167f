import { and, eq, inArray } from 'drizzle-orm';
import {
  courierMessages,
  noneHandedOverMessage,
  stopOffDayMessage,
  type CourierStop,
} from '#shared/screens/courier.ts';
import type { EtaMinutes, StopFailReason } from '#shared/dictionaries/courier-stops.ts';
import { courierDoneText, courierEtaText, courierFailedText } from '#shared/format/courier-visit.ts';
import { formatServerTimestamp, serverDate } from '#shared/format/server-timestamp.ts';
import { MINUTE_MS } from '#shared/durations.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent, recordHistory } from '#server/db/journal.ts';
import { stops } from '#server/db/schema/couriers.ts';
import { finishStop, type StopFinish } from '#server/db/stop-finish.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { instruments, tickets } from '#server/db/schema/tickets.ts';
import { ApiFailure, fieldFailure, notFound } from '#server/lib/api-failure.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { courierStop } from './day.ts';
import { trustedPageMoment } from '#server/lib/page-moment.ts';

// The courier's actions on a stop (API.md §Added for the fourth wave): 'Еду', 'Забрал' / 'Доставил', 'Не застал'.
// Each runs inside withIdempotency's transaction (routes/couriers/courier.ts): the stop's change, its event,
// the clinic's history line and notification are written together, once per Idempotency-Key. A stop
// the back office cancelled or gave away while the action waited in the outbox is a 409, stored
// under the key like any refusal of the action itself.

export interface CourierCaller {
  courierId: number;
  now: Date;
}

/** How far ahead of the server's clock a phone's may run before its tap time is not believed. */
const CLOCK_SKEW_MS = 5 * MINUTE_MS;

/**
 * When the courier tapped (an action queued offline is dated by the tap, not its arrival), on the
 * stop's own date (Moscow): a stop of tomorrow is not done today, nor yesterday's today; a tap made
 * on the day and replayed by the outbox the next morning still is.
 */
function tappedOnStopDay(stop: { date: string }, at: string | null, now: Date): Date {
  if (at !== null && Date.parse(at) > now.getTime() + CLOCK_SKEW_MS)
    throw fieldFailure('at', courierMessages.tapInFuture);
  const moment = trustedPageMoment(at, now);
  const day = serverDate(moment);
  if (day !== stop.date) throw conflict(stopOffDayMessage(stop.date, day));
  return moment;
}

const conflict = (message: string) => new ApiFailure(409, { success: false, message });

/** The courier's stop, locked for the change, and when it was tapped; the reasons it may no longer be acted on, in order. */
async function actionableStop(tx: Tx, caller: CourierCaller, stopId: number, tapped: string | null) {
  const [row] = await tx
    .select({ stop: stops, clientId: tickets.clientId })
    .from(stops)
    .innerJoin(tickets, eq(tickets.id, stops.ticketId))
    .where(eq(stops.id, stopId))
    .for('update', { of: stops });
  if (!row) throw notFound();
  const { stop } = row;
  if (stop.courierId !== caller.courierId) {
    // Another courier's stop is none of this one's business, unless it was this one's before.
    if (!stop.formerCourierIds.includes(caller.courierId)) throw notFound();
    throw conflict(courierMessages.reassigned);
  }
  if (stop.cancelledAt !== null) throw conflict(courierMessages.cancelled);
  if (stop.state === 'done' || stop.state === 'failed') throw conflict(courierMessages.finished);
  return { ...row, at: tappedOnStopDay(stop, tapped, caller.now) };
}

const answer = async (
  tx: Tx,
  caller: CourierCaller,
  stopId: number,
): Promise<{ success: true; stop: CourierStop }> => ({
  success: true,
  stop: await courierStop(tx, caller.courierId, stopId, caller.now, { anyDay: true }),
});

export async function enRoute(
  tx: Tx,
  caller: CourierCaller,
  input: { stop_id: number; eta_minutes: EtaMinutes; at: string | null },
) {
  const { stop, clientId, at } = await actionableStop(tx, caller, input.stop_id, input.at);
  const etaAt = new Date(at.getTime() + input.eta_minutes * MINUTE_MS);
  await tx.update(stops).set({ state: 'en_route', enRouteAt: at, etaAt }).where(eq(stops.id, stop.id));
  await recordEvent(tx, {
    type: 'stop.en_route',
    clientId,
    ticketId: stop.ticketId,
    payload: {
      stop_id: stop.id,
      ticket_id: stop.ticketId,
      courier_id: caller.courierId,
      eta_minutes: input.eta_minutes,
      eta_at: etaAt.toISOString(),
    },
    createdAt: caller.now,
  });
  await addNotification(tx, {
    clientId,
    ticketId: stop.ticketId,
    description: courierEtaText(formatServerTimestamp(etaAt)),
    createdAt: caller.now,
    topic: 'ticket',
  });
  return answer(tx, caller, stop.id);
}

/** The checklist names every instrument of the ticket once, else 422: a hand-over is of the ticket's instruments. */
async function requireChecklist(tx: Tx, ticketId: number, list: ReadonlyArray<{ id: number }>): Promise<void> {
  const rows = await tx.select({ id: instruments.id }).from(instruments).where(eq(instruments.ticketId, ticketId));
  const named = new Set(list.map((item) => item.id));
  if (named.size !== list.length || rows.length !== list.length || !rows.every((row) => named.has(row.id)))
    throw fieldFailure('instruments', courierMessages.instruments);
}

/** Photos are the courier's own uploads (POST /ajax/courier/photos), else 422. */
async function requireOwnPhotos(tx: Tx, courierId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, unique), eq(files.ownerClientId, courierId)));
  if (rows.length !== unique.length) throw fieldFailure('photo_file_ids', courierMessages.photo);
  return unique;
}

/**
 * 'Забрал' / 'Не застал': the stop finished with its outcome, its event (`stop.done` with `done_at`,
 * `stop.failed` with `at`), and the clinic told in `text`, written together.
 */
async function finish(
  tx: Tx,
  caller: CourierCaller,
  { stop, clientId }: Awaited<ReturnType<typeof actionableStop>>,
  finished: StopFinish & { text: string },
): Promise<{ success: true; stop: CourierStop }> {
  await finishStop(tx, stop, { clientId, courierId: caller.courierId, now: caller.now }, finished);
  await tellClinic(tx, caller, clientId, stop.ticketId, finished.text);
  return answer(tx, caller, stop.id);
}

export async function done(
  tx: Tx,
  caller: CourierCaller,
  input: {
    stop_id: number;
    instruments: Array<{ id: number; collected: boolean }>;
    person: string;
    photo_file_ids: number[];
    at: string | null;
  },
) {
  const found = await actionableStop(tx, caller, input.stop_id, input.at);
  await requireChecklist(tx, found.stop.ticketId, input.instruments);
  const photoIds = await requireOwnPhotos(tx, caller.courierId, input.photo_file_ids);
  const { at } = found;
  const list = [...input.instruments].sort((a, b) => a.id - b.id);
  const collected = list.filter((item) => item.collected).length;
  // Nothing handed over is no hand-over: the clinic would read '(0 из 2)'. 'Не застал' says why.
  if (collected === 0) throw fieldFailure('instruments', noneHandedOverMessage(found.stop.kind));
  return finish(tx, caller, found, {
    state: 'done',
    at,
    outcome: { instruments: list, person: input.person, photo_file_ids: photoIds },
    text: courierDoneText(found.stop.kind, formatServerTimestamp(at), collected, list.length),
  });
}

export async function failed(
  tx: Tx,
  caller: CourierCaller,
  input: { stop_id: number; reason: StopFailReason; comment: string; at: string | null },
) {
  const found = await actionableStop(tx, caller, input.stop_id, input.at);
  const { at } = found;
  return finish(tx, caller, found, {
    state: 'failed',
    at,
    outcome: { reason: input.reason, comment: input.comment },
    text: courierFailedText(formatServerTimestamp(at), input.reason, input.comment),
  });
}

/** The ticket's history line and the clinic's notification (in the portal, Telegram and Web Push). */
async function tellClinic(tx: Tx, caller: CourierCaller, clientId: number, ticketId: number, text: string) {
  await recordHistory(tx, {
    clientId,
    ticketId,
    description: text,
    subjectType: 'Ticket',
    subjectId: ticketId,
    createdAt: caller.now,
  });
  await addNotification(tx, {
    clientId,
    ticketId,
    description: `${text}. Заявка №${ticketId}`,
    createdAt: caller.now,
    topic: 'ticket',
  });
}
