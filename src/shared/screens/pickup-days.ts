import dayjs from 'dayjs';
import { formatServerTimestamp, serverDate } from '../format/server-timestamp.ts';
import { repairMessages } from './repair-requests.ts';

// The days a courier can come for the instruments (portal.md §5, §9; docs/api.md): one
// rule for the wizard's choice and the server's check. The server knows the calendar (the cut-off
// hour, Russia's production calendar with its moved days off and working Saturdays, the days the back
// office closed) and sends it; the page only applies
// it, so the holiday data (date-holidays, over a megabyte) never reaches a phone. The day arithmetic
// is dayjs's (DESIGN.md §Stack), on calendar days: 'YYYY-MM-DD' read and written in the process's
// own zone, so a day is always the next calendar day, whatever the zone's clock changes. This module
// rides in the wizard's lazy chunk, never on the cold path (ADR 0034).

/** The last day offered is today + 7 (the maximum is not shown, portal.md §5). */
export const PICKUP_DAYS_AHEAD = 7;
/** PICKUP_CUTOFF_HOUR unset; also the page's rule when it cannot ask the server (offline). */
export const DEFAULT_PICKUP_CUTOFF_HOUR = 12;

/** Every day to the horizon closed (the New Year holidays): nothing to choose. */
export const NO_PICKUP_DAYS = 'В ближайшие 7 дней курьер не работает: отправьте заявку позже';

export interface PickupCalendar {
  /** Moscow hour from which today is no longer offered (PICKUP_CUTOFF_HOUR). */
  cutoffHour: number;
  /** 'YYYY-MM-DD' days no courier comes: public holidays and the back office's closed days. */
  closedDays: readonly string[];
  /**
   * 'YYYY-MM-DD' Saturdays and Sundays that are working days by the year's decree (a working
   * Saturday): offered like a weekday. Absent from a calendar an older server sent.
   */
  openDays?: readonly string[] | undefined;
}

export const addDays = (day: string, count: number): string => dayjs(day).add(count, 'day').format('YYYY-MM-DD');

/** Saturday and Sunday: no courier. */
const isWeekend = (day: string): boolean => [0, 6].includes(dayjs(day).day());

/**
 * The days offered to a request made at `madeAt`: working days (weekdays, and a working Saturday), not closed, from today (only before the
 * cut-off hour, Moscow time) or tomorrow, to today + 7.
 */
export function pickupDays(madeAt: Date, calendar: PickupCalendar): string[] {
  if (Number.isNaN(madeAt.getTime())) return [];
  const stamp = formatServerTimestamp(madeAt);
  const today = stamp.slice(0, 10);
  const first = Number(stamp.slice(11, 13)) < calendar.cutoffHour ? 0 : 1;
  const closed = new Set(calendar.closedDays);
  const open = new Set(calendar.openDays ?? []);
  const days: string[] = [];
  for (let offset = first; offset <= PICKUP_DAYS_AHEAD; offset += 1) {
    const day = addDays(today, offset);
    if ((open.has(day) || !isWeekend(day)) && !closed.has(day)) days.push(day);
  }
  return days;
}

/**
 * Why `date` cannot be the pickup day, or null. The rule is applied as of `madeAt`, when the clinic
 * pressed 'Отправить' and chose among the days then offered; a request the offline outbox sends a
 * day later (`arrivedAt`) keeps that choice, as long as the day is not already over: the cut-off and
 * the horizon are about when the clinic asked, not about when the network came back.
 */
export function pickupDateProblem(
  date: string,
  calendar: PickupCalendar,
  madeAt: Date,
  arrivedAt: Date = madeAt,
): string | null {
  return pickupDays(madeAt, calendar).includes(date) && date >= serverDate(arrivedAt)
    ? null
    : repairMessages.pickupDate;
}
