import { and, asc, gte, lte } from 'drizzle-orm';
import type HolidaysType from 'date-holidays';
import {
  addDays,
  DEFAULT_PICKUP_CUTOFF_HOUR,
  PICKUP_DAYS_AHEAD,
  type PickupCalendar,
} from '#shared/screens/pickup-days.ts';
import { serverDate } from '#shared/format/server-timestamp.ts';
import type { Config } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { pickupClosedDays } from '#server/db/schema/places.ts';

// The pickup calendar (src/shared/screens/pickup-days.ts): the cut-off hour, the Russian public holidays
// and the days the back office closed. Holidays come from date-holidays, a maintained calendar that
// knows the transfers (8 March 2026 on a Sunday → Monday 9 March off); it is loaded on first use only,
// as it carries every country's data.

let russian: Promise<HolidaysType> | undefined;
const russianCalendar = () =>
  (russian ??= import('date-holidays').then(({ default: Holidays }) => new Holidays('RU', { types: ['public'] })));

/**
 * 1–8 January are all off by the Labour Code (art. 112): the New Year holidays and Christmas, whatever
 * the package lists for a given year.
 */
const isNewYearBreak = (day: string) => day.slice(5, 7) === '01' && Number(day.slice(8, 10)) <= 8;

/** The public holidays from `from` to `to` ('YYYY-MM-DD', both included; a few days, not years). */
export async function russianHolidays(from: string, to: string): Promise<string[]> {
  const holidays = await russianCalendar();
  const days: string[] = [];
  // Noon in Moscow: inside the day whatever the holiday's own boundaries.
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (isNewYearBreak(day) || holidays.isHoliday(new Date(`${day}T12:00:00+03:00`))) days.push(day);
  }
  return days;
}

/**
 * The calendar for a request made at `madeAt` (or the page opened then): the closed days from the
 * day before to the day after the horizon, so a page whose clock is a day off still gets them.
 */
export async function loadPickupCalendar(
  db: Db | Tx,
  config: Pick<Config, 'pickupCutoffHour'>,
  madeAt: Date,
): Promise<PickupCalendar> {
  const today = serverDate(madeAt);
  const from = addDays(today, -1);
  const to = addDays(today, PICKUP_DAYS_AHEAD + 1);
  const rows = await db
    .select({ day: pickupClosedDays.day })
    .from(pickupClosedDays)
    .where(and(gte(pickupClosedDays.day, from), lte(pickupClosedDays.day, to)))
    .orderBy(asc(pickupClosedDays.day));
  const closed = new Set([...(await russianHolidays(from, to)), ...rows.map((row) => row.day)]);
  return { cutoffHour: config.pickupCutoffHour ?? DEFAULT_PICKUP_CUTOFF_HOUR, closedDays: [...closed].sort() };
}
