// Cuts of the server's 'YYYY-MM-DD HH:mm:ss' timestamps (cabinet.md §9), taken from the string
// itself: the time is the service centre's and must not move with the browser's zone.

/** Characters 1–10, shown dd.MM.yyyy: '2026-03-05 14:07:09' → '05.03.2026'. */
export function ticketDate(timestamp: string): string {
  const [year = '', month = '', day = ''] = timestamp.slice(0, 10).split('-');
  return year && month && day ? `${day}.${month}.${year}` : timestamp.slice(0, 10);
}

/** Characters 12–19 (the spec's 11 to 19, counted from 0): '2026-03-05 14:07:09' → '14:07:09'. */
export function ticketTime(timestamp: string): string {
  return timestamp.slice(11, 19);
}

/** The zone the server's times are in (src/shared/format/server-timestamp.ts), said beside each time shown. */
export const SERVICE_ZONE = 'МСК';

/** A time of the server with its zone: '14:07:09 МСК' (a non-breaking space keeps them together). */
export function ticketClock(timestamp: string): string {
  return `${ticketTime(timestamp)}\u00A0${SERVICE_ZONE}`;
}

/** An external address from the back office, only if it is http(s); anything else (javascript:, junk) is not linked. */
export function externalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
