import { describe, expect, it } from 'vitest';
import { countWorkingDays, isWorkingDay, productionYear, productionYears, weekdayOf } from './calendar.ts';

// Each year's lists against the count of working days the published calendar gives for the
// five-day week: a day left out or mistyped changes the count.
describe('the production calendar', () => {
  it.each(productionYears())('%i: the lists give the year’s published count of working days', (year) => {
    const calendar = productionYear(year)!;
    expect(countWorkingDays(calendar)).toBe(calendar.workingDays);
    expect(calendar.decree).toMatch(/№ \d+/);
  });

  it('has 2025 and 2026, each with 247 working days', () => {
    expect(productionYears()).toEqual(expect.arrayContaining([2025, 2026]));
    expect(countWorkingDays(productionYear(2026)!)).toBe(247);
    expect(countWorkingDays(productionYear(2025)!)).toBe(247);
  });

  it.each(productionYears())(
    '%i: every listed day belongs to its year, once; working weekends are weekends',
    (year) => {
      const calendar = productionYear(year)!;
      for (const day of [...calendar.daysOff, ...calendar.workingWeekends]) expect(day.slice(0, 4)).toBe(String(year));
      expect(new Set(calendar.daysOff).size).toBe(calendar.daysOff.length);
      for (const day of calendar.workingWeekends) expect([0, 6]).toContain(weekdayOf(day));
    },
  );

  it('2026: the decree’s moves (9 January and 31 December off), the Code’s (9 March, 11 May)', () => {
    const y2026 = productionYear(2026)!;
    for (const day of [
      '2026-01-09',
      '2026-12-31',
      '2026-03-09',
      '2026-05-11',
      '2026-02-23',
      '2026-06-12',
      '2026-11-04',
    ])
      expect(isWorkingDay(y2026, day), day).toBe(false);
    for (const day of ['2026-01-12', '2026-12-30', '2026-03-10', '2026-05-12', '2026-02-24'])
      expect(isWorkingDay(y2026, day), day).toBe(true);
    expect(isWorkingDay(y2026, '2026-03-14')).toBe(false); // an ordinary Saturday
  });

  it('2025: Saturday 1 November is a working day, Monday 3 November and Thursday 8 May are off', () => {
    const y2025 = productionYear(2025)!;
    expect(isWorkingDay(y2025, '2025-11-01')).toBe(true);
    expect(isWorkingDay(y2025, '2025-11-03')).toBe(false);
    expect(isWorkingDay(y2025, '2025-05-08')).toBe(false);
    expect(isWorkingDay(y2025, '2025-02-24')).toBe(true); // 23 February's Sunday went to 8 May, not to Monday
  });

  it('has no year without a decree', () => {
    expect(productionYear(2031)).toBeUndefined();
  });
});
