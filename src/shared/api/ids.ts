import * as v from 'valibot';

// Row ids as the API reads them. Every id column is a PostgreSQL int4: a larger number must be
// refused as input (a 404 in a path, a 422 in a body), never reach the database as a 500.

export const MAX_INT4 = 2_147_483_647;

export const ID_MESSAGE = 'Некорректный идентификатор';

/** A path segment naming a record: digits, 1 … int4 max. Anything else names no record. */
export const pathId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), v.maxValue(MAX_INT4));

/** The record id a path segment names; null when it can name none (the caller answers 404). */
export function parsePathId(raw: unknown): number | null {
  const result = v.safeParse(pathId, raw);
  return result.success ? result.output : null;
}

/** A positive int4 in a body (ids, versions, counts), with a Russian message. */
export const positiveInt4 = (message: string = ID_MESSAGE) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_INT4, message));
