import { serverDate } from '#shared/format/server-timestamp.ts';
import { addDays } from '#shared/screens/pickup-days.ts';

// The days a courier sees (ADR 0042: reading is bounded): yesterday … today + 7, Moscow. Here rather
// than in services/couriers/ because the notifications' list links a courier's notification to its
// stop only while the stop's card would open, and notifications sit below couriers in the layers.

const DAYS_BEFORE = 1;
const DAYS_AFTER = 7;

/** The first and last day the courier sees now. */
export function courierWindow(now: Date): [from: string, to: string] {
  const today = serverDate(now);
  return [addDays(today, -DAYS_BEFORE), addDays(today, DAYS_AFTER)];
}

export function isCourierDay(day: string, now: Date): boolean {
  const [from, to] = courierWindow(now);
  return day >= from && day <= to;
}
