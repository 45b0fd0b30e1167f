import * as v from 'valibot';

// Query-string fields arrive as strings; these parse them strictly so junk is a 422, not a 500.

const INVALID_FILTER = 'Некорректное значение фильтра';

export const queryInt = (min: number, max: number) =>
  v.pipe(
    v.string(INVALID_FILTER),
    v.regex(/^\d{1,9}$/, INVALID_FILTER),
    v.transform(Number),
    v.minValue(min, INVALID_FILTER),
    v.maxValue(max, INVALID_FILTER),
  );

/** A calendar date as the API sends it: yyyy-MM-dd. */
export const isoDate = v.pipe(
  v.string(INVALID_FILTER),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_FILTER),
  v.check(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    INVALID_FILTER,
  ),
);

/** An opaque paging cursor handed out by the server. */
export const cursorParam = v.pipe(
  v.string(INVALID_FILTER),
  v.maxLength(200, INVALID_FILTER),
  v.regex(/^[\w-]+$/, INVALID_FILTER),
);

/**
 * Money travels as a decimal string with two places (API.md). 13 digits: a total (a ticket's cost over
 * all its statements) can pass one amount's 99 999 999.99 many times over; kopecks stay below 2^53.
 */
export const moneyString = v.pipe(v.string(), v.regex(/^-?\d{1,13}\.\d{2}$/));
/** A sum the viewer may not see is null (ADR 0049); one schema for every such field. */
export const nullableMoney = v.nullable(moneyString);

/** `YYYY-MM-DD HH:mm:ss` in the service centre's time (Moscow): the spec cuts date and time out of it. */
export const serverTimestamp = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
