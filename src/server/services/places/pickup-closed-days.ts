import { and, asc, eq, gte, notInArray } from 'drizzle-orm';
import {
  isCalendarDay,
  pickupMessages,
  type PutClosedDayInput,
  type PutPickupCalendarInput,
} from '#shared/api/integration-pickup.ts';
import { serverDate } from '#shared/format/server-timestamp.ts';
import type { AppDeps } from '#server/context.ts';
import { pickupClosedDays } from '#server/db/schema/places.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';

// The days the back office closes for pickups (src/shared/api/integration-pickup.ts); the calendar
// (services/places/pickup-calendar.ts) adds them to the holidays.

/** The path's date, or a 422 on `date`: a malformed day is bad input, never a 404 or a 500. */
export function readClosedDay(value: string | undefined): string {
  if (value === undefined || !isCalendarDay(value)) throw fieldFailure('date', pickupMessages.date);
  return value;
}

export async function listClosedDays(deps: Pick<AppDeps, 'database' | 'now'>) {
  const rows = await deps.database.db
    .select({ date: pickupClosedDays.day, note: pickupClosedDays.note })
    .from(pickupClosedDays)
    .where(gte(pickupClosedDays.day, serverDate(deps.now())))
    .orderBy(asc(pickupClosedDays.day));
  return { data: rows };
}

export async function putClosedDay(deps: Pick<AppDeps, 'database' | 'now'>, day: string, input: PutClosedDayInput) {
  await deps.database.db
    .insert(pickupClosedDays)
    .values({ day, note: input.note, createdAt: deps.now() })
    .onConflictDoUpdate({ target: pickupClosedDays.day, set: { note: input.note } });
  return { date: day, note: input.note };
}

export async function deleteClosedDay(deps: Pick<AppDeps, 'database'>, day: string) {
  const gone = await deps.database.db
    .delete(pickupClosedDays)
    .where(eq(pickupClosedDays.day, day))
    .returning({ day: pickupClosedDays.day });
  return { date: day, deleted: gone.length > 0 };
}

/**
 * PUT /pickup-calendar: the days closed from today on become exactly the given ones, in one
 * transaction (a day kept keeps its note; past days stay as history). Days already over are ignored.
 */
export async function replaceClosedDays(deps: Pick<AppDeps, 'database' | 'now'>, input: PutPickupCalendarInput) {
  const today = serverDate(deps.now());
  const closed = [...new Set(input.closed)].filter((day) => day >= today).sort();
  await deps.database.db.transaction(async (tx) => {
    const upcoming = gte(pickupClosedDays.day, today);
    await tx
      .delete(pickupClosedDays)
      .where(closed.length > 0 ? and(upcoming, notInArray(pickupClosedDays.day, closed)) : upcoming);
    if (closed.length > 0)
      await tx
        .insert(pickupClosedDays)
        .values(closed.map((day) => ({ day, note: '', createdAt: deps.now() })))
        .onConflictDoNothing({ target: pickupClosedDays.day });
  });
  return { closed };
}
