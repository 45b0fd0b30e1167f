import { formatDate } from './date.ts';

// A pickup day as the clinic chose it and the courier reads it: '05.03.2026, четверг'. The day is a
// calendar date (YYYY-MM-DD), so it is read in UTC: no zone may move it to the day before.

const WEEKDAY = new Intl.DateTimeFormat('ru-RU', { weekday: 'long', timeZone: 'UTC' });

export function formatPickupDay(day: string): string {
  return `${formatDate(day)}, ${WEEKDAY.format(new Date(`${day}T00:00:00Z`))}`;
}
