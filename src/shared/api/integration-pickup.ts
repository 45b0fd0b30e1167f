import * as v from 'valibot';
import { object } from './object.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// The back office's closed pickup days (docs/api.md "Pickup days"): PUT / DELETE
// /api/v1/pickup/closed-days/{date}, GET /api/v1/pickup/closed-days. The public holidays need no call:
// the server knows them.

export const pickupMessages = {
  date: 'Ожидается дата в формате ГГГГ-ММ-ДД, например "2026-03-02"',
  note: 'Не более 200 символов',
} as const;

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

const closedDay = object({ date: v.string(), note: v.string() });
export const putClosedDayOutput = closedDay;
export const deleteClosedDayOutput = object({ date: v.string(), deleted: v.boolean() });
export const listClosedDaysOutput = object({ data: v.array(closedDay) });
