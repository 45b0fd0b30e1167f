// The courier's days are Moscow days (the server's, API.md): 'YYYY-MM-DD' without zone arithmetic
// beyond Moscow's fixed UTC+3.

const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** Moscow's date `offset` days from now. */
export function moscowDay(offset = 0, now = Date.now()): string {
  return new Date(now + MOSCOW_OFFSET_MS + offset * 86_400_000).toISOString().slice(0, 10);
}

/** '2026-11-29 11:40:00' (Moscow) → '11:40'. */
export function clockOf(timestamp: string): string {
  return timestamp.slice(11, 16);
}
