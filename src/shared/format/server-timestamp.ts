// The service centre works in Moscow time, and the API's timestamps (`serverTimestamp`) are written
// in it whatever the server's or the browser's zone. Built on Intl so a future change of Moscow's
// offset is taken from the time-zone database, not from a constant in our code.

export const SERVICE_TIME_ZONE = 'Europe/Moscow';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function fields(instant: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of parts.formatToParts(instant)) out[part.type] = part.value;
  return out;
}

/** 'YYYY-MM-DD HH:mm:ss' in Moscow time: 2026-03-15T09:05:07Z → '2026-03-15 12:05:07'. */
export function formatServerTimestamp(instant: Date): string {
  const f = fields(instant);
  return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}:${f.second}`;
}

/** The Moscow calendar date of an instant: 'YYYY-MM-DD'. */
export function serverDate(instant: Date): string {
  return formatServerTimestamp(instant).slice(0, 10);
}

/** Milliseconds Moscow is ahead of UTC at `instant`. */
function offsetAt(instant: Date): number {
  const f = fields(instant);
  const asUtc = Date.UTC(Number(f.year), Number(f.month) - 1, Number(f.day), Number(f.hour), Number(f.minute), Number(f.second));
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
