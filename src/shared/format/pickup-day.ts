import { formatDate } from './date.ts';
import { lazily } from './lazily.ts';

// A pickup day as the clinic chose it and the courier reads it: '05.03.2026, четверг'. The day is a
// calendar date (YYYY-MM-DD), so it is read in UTC: no zone may move it to the day before.

const weekday = lazily(() => new Intl.DateTimeFormat('ru-RU', { weekday: 'long', timeZone: 'UTC' }));

export function formatPickupDay(day: string): string {
  return `${formatDate(day)}, ${weekday().format(new Date(`${day}T00:00:00Z`))}`;
}
