// Plain date formatting through Intl, so that no date library rides on the cold path (ADR 0012).
// dayjs stays the library for date arithmetic, imported by the screens that need it.
import { lazily } from './lazily.ts';

/** What the formatters accept: a Date, ms since epoch, or the API's text ('2025-03-05', ISO date-times). */
export type DateInput = Date | number | string | null | undefined;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The Date meant by an input, or null. A date or date-time without a zone ('2025-03-05') is local
 * time, as the server means it; `new Date('2025-03-05')` alone would read it as UTC midnight.
 */
export function toDateValue(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // Not `instanceof Date`: a Date from another realm (a test's DOM, an iframe) must count too.
  if (typeof value !== 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const local = LOCAL_DATE_TIME.exec(value.trim());
  const date = local
    ? new Date(
        Number(local[1]),
        Number(local[2]) - 1,
        Number(local[3]),
        Number(local[4] ?? 0),
        Number(local[5] ?? 0),
        Number(local[6] ?? 0),
      )
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Each Intl formatter loads ICU's Russian data when made (tens of ms on a slow phone), so they are made
// on first use, and the two numeric shapes the lists print are written out without Intl at all.
const dayMonthYear = lazily(() => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }));
const monthYear = lazily(() => new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric' }));
const pad = (n: number) => String(n).padStart(2, '0');
const numeric = (date: Date) => `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
const clock = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** Formats with the year's trailing ' г.' left out, as the portal writes dates: '5 марта 2025'. */
function withoutYearWord(format: Intl.DateTimeFormat, date: Date): string {
  return format
    .formatToParts(date)
    .filter((part, index, parts) => !(part.type === 'literal' && index === parts.length - 1))
    .map((part) => part.value)
    .join('')
    .trim();
}

function formatWith(value: DateInput, render: (date: Date) => string): string {
  const date = toDateValue(value);
  return date ? render(date) : '';
}

/** dd.MM.yyyy, the portal's short date: '05.03.2025'. Empty for missing or invalid input. */
export function formatDate(value: DateInput): string {
  return formatWith(value, numeric);
}

/** dd.MM.yyyy HH:mm: '05.03.2025 14:07'. */
export function formatDateTime(value: DateInput): string {
  return formatWith(value, (date) => `${numeric(date)} ${clock(date)}`);
}

/** A date with the long month name, in the genitive as Russian needs it: '5 марта 2025'. */
export function formatDateLong(value: DateInput): string {
  return formatWith(value, (date) => withoutYearWord(dayMonthYear(), date));
}

/** A month and year in the nominative: 'март 2025'. */
export function formatMonthYear(value: DateInput): string {
  return formatWith(value, (date) => withoutYearWord(monthYear(), date));
}

/** yyyy-MM-dd of the local day, how dates go to the server (cabinet.md §2 request filters). */
export function toApiDate(value: DateInput): string {
  return formatWith(value, (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
}

const DISPLAY_DATE_PATTERN = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** Strictly parses a typed dd.MM.yyyy; null when it is not a real date ('31.02.2025'). */
export function parseDisplayDate(text: string): Date | null {
  const match = DISPLAY_DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  // Date rolls an impossible day over ('31.02' becomes 3 March): a real date reads back the same.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

const relative = lazily(() => new Intl.RelativeTimeFormat('ru-RU', { numeric: 'always' }));
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The largest unit that fits, from the longest; under 45 s it is 'несколько секунд'. */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** How long ago, in Russian: '5 минут назад', 'несколько секунд назад'. */
export function timeAgo(value: DateInput, now: DateInput = new Date()): string {
  const date = toDateValue(value);
  const reference = toDateValue(now);
  if (!date || !reference) return '';
  // A clock slightly ahead of the server must not give 'через …': the future counts as just now.
  const elapsed = Math.max(0, reference.getTime() - date.getTime());
  if (elapsed < 45 * SECOND) return 'несколько секунд назад';
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? ['minute', MINUTE];
  return relative().format(-Math.max(1, Math.round(elapsed / size)), unit);
}

/** The age of offline data: 'Обновлено 5 минут назад' (DESIGN.md: a cold start shows the last data with its age). */
export function formatUpdatedAgo(value: DateInput, now: DateInput = new Date()): string {
  const ago = timeAgo(value, now);
  return ago ? `Обновлено ${ago}` : '';
}
