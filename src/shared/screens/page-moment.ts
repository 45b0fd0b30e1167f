import * as v from 'valibot';

/**
 * When something was done on the phone (ISO 8601, as `Date#toISOString` writes it, or with an offset),
 * null when not said: an action replayed from the offline outbox is judged by it (ADR 0042, 0045).
 * A regex rather than valibot's isoTimestamp: that action would be bundled into the entry chunk.
 * Screen-owned (ADR 0035): the requests list never sends one, so it stays off its cold path.
 */
export const pageMoment = v.optional(
  v.nullable(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/))),
  null,
);
