import { and, asc, gte, lte } from 'drizzle-orm';
import type HolidaysType from 'date-holidays';
import { isWeekend, isWorkingDay, productionYear } from '#shared/dictionaries/production-calendar/calendar.ts';
import {
  addDays,
  DEFAULT_PICKUP_CUTOFF_HOUR,
  PICKUP_DAYS_AHEAD,
  type PickupCalendar,
} from '#shared/screens/pickup-days.ts';
import { serverDate } from '#shared/format/server-timestamp.ts';
import type { Config, Logger } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { pickupClosedDays } from '#server/db/schema/places.ts';

// The pickup calendar (src/shared/screens/pickup-days.ts): the cut-off hour, Russia's production
// calendar and the days the back office closed. The production calendar is the repository's data for
// the years whose decree it has (src/shared/dictionaries/production-calendar/): a decree moves days off
// in ways no package predicts (9 January 2026 off for Saturday 3 January, a working Saturday). For any
// other year date-holidays (the Code's holidays and the automatic moves, loaded on first use only: it
// carries every country's data) and 1–8 January stand in, with a warning once per year.

let russian: Promise<HolidaysType> | undefined;
const russianCalendar = () =>
  (russian ??= import('date-holidays').then(({ default: Holidays }) => new Holidays('RU', { types: ['public'] })));

/**
 * 1–8 January are all off by the Labour Code (art. 112): the New Year holidays and Christmas, whatever
 * the package lists for a given year.
 */
const isNewYearBreak = (day: string) => day.slice(5, 7) === '01' && Number(day.slice(8, 10)) <= 8;

/**
 * Years already warned about, per log (a process has one app and one log): the log says it once,
 * not on every page; apps that share a process (the tests) each hear it once.
 */
const warnedYears = new WeakMap<object, Set<number>>();

function warnUncovered(year: number, log: Pick<Logger, 'warn'> | undefined) {
  // Without a log nothing is said, so the year is not marked: the next caller with one still warns.
  if (!log) return;
  const warned = warnedYears.get(log) ?? new Set<number>();
  if (warned.has(year)) return;
  warnedYears.set(log, warned.add(year));
  log.warn('production calendar: no decree for this year in the repository, public holidays from date-holidays', {
    year,
    add: `src/shared/dictionaries/production-calendar/${year}.ts`,
  });
}

export interface ProductionDays {
  /** Weekdays off, and holidays on any day. */
  closed: string[];
  /** Saturdays and Sundays that are working days. */
  open: string[];
}

/** The production calendar's exceptions from `from` to `to` ('YYYY-MM-DD', both included; a few days, not years). */
export async function productionDays(from: string, to: string, log?: Pick<Logger, 'warn'>): Promise<ProductionDays> {
  const closed: string[] = [];
  const open: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const year = Number(day.slice(0, 4));
    const calendar = productionYear(year);
    if (calendar) {
      const working = isWorkingDay(calendar, day);
      if (working && isWeekend(day)) open.push(day);
      if (!working && (!isWeekend(day) || calendar.daysOff.includes(day))) closed.push(day);
      continue;
    }
    warnUncovered(year, log);
    // Noon in Moscow: inside the day whatever the holiday's own boundaries.
    if (isNewYearBreak(day) || (await russianCalendar()).isHoliday(new Date(`${day}T12:00:00+03:00`))) closed.push(day);
  }
  return { closed, open };
}

/**
 * The calendar for a request made at `madeAt` (or the page opened then): the closed days from the
 * day before to the day after the horizon, so a page whose clock is a day off still gets them. A day
 * the back office closed stays closed, a working Saturday included.
 */
export async function loadPickupCalendar(
  db: Db | Tx,
  config: Pick<Config, 'pickupCutoffHour'> & { log?: Pick<Logger, 'warn'> | undefined },
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
  const production = await productionDays(from, to, config.log);
  const closed = new Set([...production.closed, ...rows.map((row) => row.day)]);
  return {
    cutoffHour: config.pickupCutoffHour ?? DEFAULT_PICKUP_CUTOFF_HOUR,
    closedDays: [...closed].sort(),
    openDays: production.open.filter((day) => !closed.has(day)),
  };
}
