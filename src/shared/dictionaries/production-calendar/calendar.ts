import { DAY_MS } from '../../durations.ts';
import { PRODUCTION_YEAR_2025 } from './2025.ts';
import { PRODUCTION_YEAR_2026 } from './2026.ts';
import type { ProductionYear } from './production-year.ts';

// Russia's production calendar as data, a year per file (README "The production calendar"): a
// year's decree moves days off in ways no rule predicts (9 January 2026 off for Saturday 3 January),
// so a year is read from its decree, not computed. Years not listed here fall back to date-holidays on
// the server (src/server/services/places/pickup-calendar.ts).

const YEARS: ReadonlyMap<number, ProductionYear> = new Map(
  [PRODUCTION_YEAR_2025, PRODUCTION_YEAR_2026].map((year) => [year.year, year]),
);

/** The calendar of `year`, or undefined when no decree for it is in the repository. */
export const productionYear = (year: number): ProductionYear | undefined => YEARS.get(year);

/** The years the repository has. */
export const productionYears = (): number[] => [...YEARS.keys()];

/** Day of the week of a 'YYYY-MM-DD' day (0 Sunday … 6 Saturday), whatever the process's zone. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Saturday or Sunday, whatever the decree moves. */
export const isWeekend = (day: string): boolean => [0, 6].includes(weekdayOf(day));

/** Whether `day` is a working day of its calendar year (`calendar` must be that year's). */
export function isWorkingDay(calendar: ProductionYear, day: string): boolean {
  if (calendar.workingWeekends.includes(day)) return true;
  return !isWeekend(day) && !calendar.daysOff.includes(day);
}

/** Every working day of the year, counted from the lists (the test checks it against `workingDays`). */
export function countWorkingDays(calendar: ProductionYear): number {
  let count = 0;
  for (let time = Date.UTC(calendar.year, 0, 1); time < Date.UTC(calendar.year + 1, 0, 1); time += DAY_MS) {
    if (isWorkingDay(calendar, new Date(time).toISOString().slice(0, 10))) count += 1;
  }
  return count;
}
