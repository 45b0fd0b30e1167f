import dayjs, { type ConfigType } from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import ru from 'dayjs/locale/ru.js';

// Registers the locale on our dayjs instance without making it the global default.
dayjs.locale(ru, undefined, true);
dayjs.extend(relativeTime);

export const DISPLAY_DATE = 'DD.MM.YYYY';
export const API_DATE = 'YYYY-MM-DD';

function ruDate(value: ConfigType) {
  return dayjs(value).locale('ru');
}

/** dd.MM.yyyy, the portal's short date: '05.03.2025'. Empty for missing or invalid input. */
export function formatDate(value: ConfigType): string {
  if (value === null || value === undefined || value === '') return '';
  const date = ruDate(value);
  return date.isValid() ? date.format(DISPLAY_DATE) : '';
}

/** dd.MM.yyyy HH:mm: '05.03.2025 14:07'. */
export function formatDateTime(value: ConfigType): string {
  if (value === null || value === undefined || value === '') return '';
  const date = ruDate(value);
  return date.isValid() ? date.format(`${DISPLAY_DATE} HH:mm`) : '';
}

/** A date with the long month name, in the genitive as Russian needs it: '5 марта 2025'. */
export function formatDateLong(value: ConfigType): string {
  if (value === null || value === undefined || value === '') return '';
  const date = ruDate(value);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}

/** A month and year in the nominative: 'март 2025'. */
export function formatMonthYear(value: ConfigType): string {
  if (value === null || value === undefined || value === '') return '';
  const date = ruDate(value);
  return date.isValid() ? date.format('MMMM YYYY') : '';
}

/** yyyy-MM-dd, how dates go to the server (cabinet.md §2 request filters). */
export function toApiDate(value: ConfigType): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(API_DATE) : '';
}

const DISPLAY_DATE_PATTERN = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/**
 * Strictly parses a typed dd.MM.yyyy; null when it is not a real date ('31.02.2025'). By hand rather
 * than with dayjs's customParseFormat plugin, which would add ~1.5 KB gzip to every page with a date.
 */
export function parseDisplayDate(text: string): Date | null {
  const match = DISPLAY_DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  // Date rolls an impossible day over ('31.02' becomes 3 March): a real date reads back the same.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** How long ago, in Russian: '5 минут назад', 'несколько секунд назад'. */
export function timeAgo(value: ConfigType, now: ConfigType = new Date()): string {
  const date = ruDate(value);
  if (!date.isValid()) return '';
  const reference = dayjs(now);
  // A clock slightly ahead of the server must not give 'через несколько секунд'.
  return date.isAfter(reference) ? reference.locale('ru').from(reference) : date.from(reference);
}

/** The age of offline data: 'Обновлено 5 минут назад' (DESIGN.md: a cold start shows the last data with its age). */
export function formatUpdatedAgo(value: ConfigType, now: ConfigType = new Date()): string {
  const ago = timeAgo(value, now);
  return ago ? `Обновлено ${ago}` : '';
}
