// Lengths of time in milliseconds, one copy for server, page and service worker. A day here is 24
// hours of the clock, not a calendar day: code that means "the next date" works with dates instead.

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
