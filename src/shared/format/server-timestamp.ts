import { HOUR_MS } from '../durations.ts';
import { lazily } from './lazily.ts';
// The service centre works in Moscow time, and the API's timestamps (`serverTimestamp`) are written
// in it whatever the server's or the browser's zone. Built on Intl so a future change of Moscow's
// offset is taken from the time-zone database, not from a constant in our code.

export const SERVICE_TIME_ZONE = 'Europe/Moscow';

/** Every field of a timestamp, two digits each, on the service centre's 24-hour clock. */
export const SERVICE_CLOCK_FIELDS: Intl.DateTimeFormatOptions = {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

const parts = lazily(() => new Intl.DateTimeFormat('en-GB', SERVICE_CLOCK_FIELDS));

function fields(instant: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of parts().formatToParts(instant)) out[part.type] = part.value;
  return out;
}

/** The Intl path: exact for any instant, but a list of 50 rows spent most of its CPU here. */
function formatViaIntl(instant: Date): string {
  const f = fields(instant);
  return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}:${f.second}`;
}

/** Moscow's offset per UTC hour (null: it changes inside that hour); bounded, cleared when full. */
const offsetByHour = new Map<number, number | null>();
const MAX_CACHED_HOURS = 10_000;

/**
 * The offset shared by every second of the UTC hour `hour`, or null when it differs between the
 * hour's first and last second (a transition inside it). Transitions are months apart, so equal
 * ends mean one offset all hour long; Intl (the time-zone database) still decides what it is.
 */
function hourOffset(hour: number): number | null {
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const first = offsetAt(new Date(start));
    offset = first === offsetAt(new Date(start + HOUR_MS - 1000)) ? first : null;
    if (offsetByHour.size >= MAX_CACHED_HOURS) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 'YYYY-MM-DD HH:mm:ss' in Moscow time: 2026-03-15T09:05:07Z → '2026-03-15 12:05:07'. */
export function formatServerTimestamp(instant: Date): string {
  const ms = instant.getTime();
  const offset = Number.isFinite(ms) ? hourOffset(Math.floor(ms / HOUR_MS)) : null;
  if (offset === null) return formatViaIntl(instant);
  // Whole seconds first, as Intl truncates them; then the UTC fields of the shifted instant are Moscow's.
  const local = new Date(Math.floor(ms / 1000) * 1000 + offset);
  const year = local.getUTCFullYear();
  if (year < 1000 || year > 9999) return formatViaIntl(instant); // Intl's unpadded / signed years
  return `${year}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())} ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}`;
}

/** The Moscow calendar date of an instant: 'YYYY-MM-DD'. */
export function serverDate(instant: Date): string {
  return formatServerTimestamp(instant).slice(0, 10);
}

/** Milliseconds Moscow is ahead of UTC at `instant`. */
function offsetAt(instant: Date): number {
  const f = fields(instant);
  const asUtc = Date.UTC(
    Number(f.year),
    Number(f.month) - 1,
    Number(f.day),
    Number(f.hour),
    Number(f.minute),
    Number(f.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a Moscow calendar day ('YYYY-MM-DD') begins; `dayOffset` moves by whole days, so a
 * date filter's inclusive end is `serverDayStart(dateTo, 1)` taken as an exclusive bound.
 */
export function serverDayStart(isoDate: string, dayOffset = 0): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(year, month - 1, day + dayOffset);
  // Two passes settle the offset even on a day the zone's offset changes.
  let instant = naive - offsetAt(new Date(naive));
  instant = naive - offsetAt(new Date(instant));
  return new Date(instant);
}

/**
 * The Moscow day of a date the back office sent as a date or a date-time ('2026-03-02',
 * '2026-03-01T21:30:00Z' → '2026-03-02'): a date-time with its zone is that instant in Moscow, not
 * its first ten characters (a bill made after 21:00 UTC is dated the next day in Moscow). A
 * date-time without a zone is already the service's local time. Anything else as given.
 */
export function serviceDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T.*(?:Z|[+-]\d{2}:?\d{2})$/i.test(value)) return value.slice(0, 10);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value.slice(0, 10) : serverDate(instant);
}
