import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateLong,
  formatDateTime,
  formatMonthYear,
  formatUpdatedAgo,
  parseDisplayDate,
  toApiDate,
  toDateValue,
} from './date.ts';

// Local-time dates, so the tests hold in any time zone.
const march5 = new Date(2025, 2, 5, 14, 7);

describe('dates', () => {
  it('formats dd.MM.yyyy', () => {
    expect(formatDate(march5)).toBe('05.03.2025');
    expect(formatDate('2025-03-05')).toBe('05.03.2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });

  it("reads the API's zone-less dates and date-times as local time, and zoned ones as given", () => {
    expect(toDateValue('2025-03-05')).toEqual(new Date(2025, 2, 5));
    expect(toDateValue('2025-03-05 14:07:09')).toEqual(new Date(2025, 2, 5, 14, 7, 9));
    expect(toDateValue('2025-03-05T14:07')).toEqual(new Date(2025, 2, 5, 14, 7));
    expect(toDateValue('2025-03-05T11:07:00Z')?.getTime()).toBe(Date.UTC(2025, 2, 5, 11, 7));
    expect(toDateValue(march5.getTime())).toEqual(march5);
    expect(toDateValue('')).toBeNull();
  });

  it('formats date and time', () => {
    expect(formatDateTime(march5)).toBe('05.03.2025 14:07');
    expect(formatDateTime(new Date(2025, 2, 5, 0, 5))).toBe('05.03.2025 00:05');
  });

  it('uses long Russian month names', () => {
    expect(formatDateLong(march5)).toBe('5 марта 2025');
    expect(formatMonthYear(march5)).toBe('март 2025');
    expect(formatDateLong('2025-05-21')).toBe('21 мая 2025');
  });

  it('converts to and from the API and display forms', () => {
    expect(toApiDate(march5)).toBe('2025-03-05');
    expect(parseDisplayDate('05.03.2025')?.getDate()).toBe(5);
    expect(parseDisplayDate('31.02.2025')).toBeNull();
    expect(parseDisplayDate('2025-03-05')).toBeNull();
    expect(parseDisplayDate(' 29.02.2024 ')?.getMonth()).toBe(1);
    expect(parseDisplayDate('29.02.2025')).toBeNull();
    expect(parseDisplayDate('00.03.2025')).toBeNull();
    expect(parseDisplayDate('05.13.2025')).toBeNull();
    expect(parseDisplayDate('5.3.2025')).toBeNull();
  });

  it('says how long ago data was updated', () => {
    const now = new Date(2025, 2, 5, 14, 12);
    expect(formatUpdatedAgo(march5, now)).toBe('Обновлено 5 минут назад');
    expect(formatUpdatedAgo(new Date(2025, 2, 5, 14, 11, 50), now)).toBe('Обновлено несколько секунд назад');
    expect(formatUpdatedAgo(new Date(2025, 2, 5, 13, 12), now)).toBe('Обновлено 1 час назад');
    expect(formatUpdatedAgo(new Date(2025, 2, 3, 14, 12), now)).toBe('Обновлено 2 дня назад');
    expect(formatUpdatedAgo(new Date(2025, 2, 5, 14, 13), now)).toBe('Обновлено несколько секунд назад');
    expect(formatUpdatedAgo(new Date(2025, 2, 5, 14, 11), now)).toBe('Обновлено 1 минуту назад');
    expect(formatUpdatedAgo(new Date(2025, 2, 5, 11, 12), now)).toBe('Обновлено 3 часа назад');
    expect(formatUpdatedAgo(new Date(2024, 2, 5, 14, 12), now)).toBe('Обновлено 1 год назад');
    expect(formatUpdatedAgo('nonsense', now)).toBe('');
  });
});

describe('the short date and time written out without Intl', () => {
  it('prints what Intl prints for ru-RU, day by day through a leap year and at each hour', () => {
    const numeric = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const clock = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(2028, 0, 1 + day, day % 24, (day * 7) % 60);
      expect(formatDateTime(date)).toBe(`${numeric.format(date)} ${clock.format(date)}`);
    }
  });
});
