import { serverDate } from '#shared/format/server-timestamp.ts';
import { STOP_KIND_LABELS } from '#shared/screens/courier-labels.ts';
import { addDays } from '#shared/screens/pickup-days.ts';
import type { Tx } from '#server/db/client.ts';
import type { stops } from '#server/db/schema/couriers.ts';
import { isCourierDay } from '#server/lib/courier-window.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { clinicNameOfTicket } from './day.ts';

// The courier hears when the back office changes its day (issue 37's courier tab): a stop added,
// taken away, cancelled, moved to another day or given another window, in the portal's notifications
// and on its Web Push, written in the transaction of the change. Only today's and tomorrow's stops
// are worth a notice (further ones the courier reads on the route when the day comes), and a call
// that changes nothing (a replayed PATCH) tells nothing.

type StopRow = typeof stops.$inferSelect;

/** What the notices read of a stop, before or after the change. */
export type StopPlan = Pick<
  StopRow,
  'id' | 'ticketId' | 'kind' | 'courierId' | 'date' | 'timeWindow' | 'address' | 'cancelledAt'
>;

/** Today or tomorrow, Moscow. */
function isNoticeDay(date: string, now: Date): boolean {
  const today = serverDate(now);
  return date === today || date === addDays(today, 1);
}

/** '2026-11-30' → '30.11'. */
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** '10:00-13:00' → '10:00–13:00'. */
const windowText = (window: string) => window.replace('-', '–');

/** 'Забрать — Клиника «Улыбка», Москва, Тверская улица, 7, офис 12': the clinic named as the route names it. */
async function summaryOf(tx: Tx, stop: StopPlan): Promise<string> {
  const clinic = await clinicNameOfTicket(tx, stop.ticketId);
  const place = [stop.address.address, stop.address.room].filter(Boolean).join(', ');
  return `${STOP_KIND_LABELS[stop.kind]} — ${clinic}, ${place}`;
}

interface Notice {
  courierId: number;
  text: string;
  stop: StopPlan;
  /** The stop stays on this courier's route: the tap opens its card, else the route. */
  onRoute: boolean;
}

async function tell(tx: Tx, notice: Notice, now: Date): Promise<void> {
  await addNotification(tx, {
    clientId: notice.courierId,
    description: notice.text,
    createdAt: now,
    stop: { id: notice.stop.id, onRoute: notice.onRoute && isCourierDay(notice.stop.date, now) },
  });
}

const added = async (tx: Tx, stop: StopPlan): Promise<Notice> => ({
  courierId: stop.courierId,
  text: `Новая остановка на ${dayMonth(stop.date)}: ${await summaryOf(tx, stop)}`,
  stop,
  onRoute: true,
});

/** A new stop, for its courier when it is for today or tomorrow. */
export async function noticeNewStop(tx: Tx, stop: StopPlan, now: Date): Promise<void> {
  if (isNoticeDay(stop.date, now)) await tell(tx, await added(tx, stop), now);
}

/** What one change to a stop tells its couriers: at most one notice each. */
async function noticesOf(tx: Tx, before: StopPlan, after: StopPlan, now: Date): Promise<Notice[]> {
  const wasOn = before.cancelledAt === null;
  const isOn = after.cancelledAt === null;
  const notices: Notice[] = [];
  const stopOn = async (stop: StopPlan) => `Остановка на ${dayMonth(stop.date)} (${await summaryOf(tx, stop)})`;
  /** The stop as it was has left its courier's route (given away, cancelled): the tap opens the route. */
  const left = async (how: string): Promise<Notice> => ({
    courierId: before.courierId,
    text: `${await stopOn(before)} ${how}`,
    stop: before,
    onRoute: false,
  });
  if (before.courierId !== after.courierId) {
    if (wasOn && isNoticeDay(before.date, now)) notices.push(await left('снята с вашего маршрута'));
    if (isOn && isNoticeDay(after.date, now)) notices.push(await added(tx, after));
    return notices;
  }
  if (wasOn && !isOn) {
    if (isNoticeDay(before.date, now)) notices.push(await left('отменена сервисным центром'));
  } else if (!wasOn && isOn) {
    if (isNoticeDay(after.date, now)) notices.push(await added(tx, after));
  } else if (wasOn && before.date !== after.date) {
    if (isNoticeDay(before.date, now) || isNoticeDay(after.date, now))
      notices.push({
        courierId: after.courierId,
        text: `Остановка (${await summaryOf(tx, after)}) перенесена с ${dayMonth(before.date)} на ${dayMonth(after.date)}`,
        stop: after,
        onRoute: true,
      });
  } else if (wasOn && before.timeWindow !== after.timeWindow && isNoticeDay(after.date, now)) {
    const time = after.timeWindow ? `новое время ${windowText(after.timeWindow)}` : 'время больше не назначено';
    notices.push({ courierId: after.courierId, text: `${await stopOn(after)}: ${time}`, stop: after, onRoute: true });
  }
  return notices;
}

/** The notices of a PATCH that changed the stop (`before` → `after`), written in its transaction. */
export async function noticeStopChange(tx: Tx, before: StopPlan, after: StopPlan, now: Date): Promise<void> {
  for (const notice of await noticesOf(tx, before, after, now)) await tell(tx, notice, now);
}
