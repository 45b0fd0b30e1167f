// The contract between the pages and the service worker's cache of ticket answers
// (sw/ticket-cache.ts, ADR 0011). Lives in src/shared because the page may not import sw/ and the
// worker may not import the client.

/** The Cache Storage cache holding the last answers of the requests list, tickets and their history (account data). */
export const TICKET_CACHE_NAME = 'portal-tickets-v1';

/**
 * Set by the worker on an answer it gave from its cache instead of the server: when that copy came
 * from the server, in ms since the epoch. A fresh answer from the server never carries it.
 */
export const CACHED_AT_HEADER = 'X-Portal-Cached-At';

/** Set by the worker on every saved answer: the account it was saved for; it is never given to another. */
export const SAVED_FOR_HEADER = 'X-Portal-Saved-For';

/**
 * Worker → page: a saved copy was given because the server was slow, and the server has answered
 * since; asking again gets the fresh data (the page treats it like coming back online).
 */
export const TICKET_CACHE_FRESH_MESSAGE = 'ticket-cache-fresh';

/** The time an answer's CACHED_AT_HEADER names; null for a fresh answer (no header, or not a time). */
export function cachedAtOf(headers: Headers): number | null {
  const value = headers.get(CACHED_AT_HEADER);
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value);
}
