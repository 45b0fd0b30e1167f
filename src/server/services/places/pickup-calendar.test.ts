import { describe, expect, it } from 'vitest';
import { russianHolidays } from './pickup-calendar.ts';
import { NEW_YEAR_HOLIDAYS_2027 } from '../../../../tests/setup/new-year-holidays.ts';

// The holidays the server closes (docs/api.md), as date-holidays and the Labour Code know them.
describe('russianHolidays', () => {
  it('closes 1–8 January every year', async () => {
    expect(await russianHolidays('2026-12-30', '2027-01-10')).toEqual(NEW_YEAR_HOLIDAYS_2027);
  });

  it.each([
    ['2026-02-23', 'Defender of the Fatherland Day'],
    ['2026-03-08', 'Women’s Day'],
    ['2026-03-09', 'Women’s Day on a Sunday, moved to Monday'],
    ['2026-05-01', 'Spring and Labour Day'],
    ['2026-05-09', 'Victory Day'],
    ['2026-06-12', 'Russia Day'],
    ['2026-11-04', 'Unity Day'],
  ])('closes %s (%s)', async (day) => {
    expect(await russianHolidays(day, day)).toEqual([day]);
  });

  it('leaves ordinary days open', async () => {
    expect(await russianHolidays('2026-03-02', '2026-03-06')).toEqual([]);
    expect(await russianHolidays('2026-03-10', '2026-03-13')).toEqual([]);
    expect(await russianHolidays('2026-01-09', '2026-01-09')).toEqual([]);
  });
});
