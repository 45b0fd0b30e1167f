import * as v from 'valibot';
import { object } from './object.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// The back office's closed pickup days (docs/api.md "Pickup days"): PUT / DELETE
// /api/v1/pickup/closed-days/{date}, GET /api/v1/pickup/closed-days, and the whole list at once with
// PUT /api/v1/pickup-calendar (API.md §Added for the third wave). The public holidays need no call: the server knows them.

export const pickupMessages = {
  date: 'Ожидается дата в формате ГГГГ-ММ-ДД, например "2026-03-02"',
  note: 'Не более 200 символов',
  tooManyDays: 'Не более 1000 закрытых дней за один раз',
} as const;

/** How many closed days one PUT /pickup-calendar may name: years of them, not an unbounded body. */
export const MAX_CLOSED_DAYS = 1000;

/** A calendar date as the path names it: 'YYYY-MM-DD', and a real one (no 30 February). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export const putClosedDayInput = object({
  /** Why, for the back office's own reading (not shown to clinics). */
  note: v.optional(v.pipe(v.string(pickupMessages.note), cleanText(), v.maxLength(200, pickupMessages.note)), ''),
});
export type PutClosedDayInput = v.InferOutput<typeof putClosedDayInput>;

/** PUT /pickup-calendar: the closed days from today on are exactly these (earlier ones are history). */
export const putPickupCalendarInput = object({
  closed: v.pipe(
    v.array(
      v.pipe(
        v.string(pickupMessages.date),
        v.check(isCalendarDay, pickupMessages.date),
        v.metadata({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
      ),
      pickupMessages.date,
    ),
    v.maxLength(MAX_CLOSED_DAYS, pickupMessages.tooManyDays),
  ),
});
export type PutPickupCalendarInput = v.InferOutput<typeof putPickupCalendarInput>;
/** A day in an answer: 'YYYY-MM-DD'. */
const dayOut = v.pipe(v.string(), v.metadata({ format: 'date' }));
export const putPickupCalendarOutput = object({ closed: v.array(dayOut) });

const closedDay = object({ date: dayOut, note: v.string() });
export const putClosedDayOutput = closedDay;
export const deleteClosedDayOutput = object({ date: dayOut, deleted: v.boolean() });
export const listClosedDaysOutput = object({ data: v.array(closedDay) });
