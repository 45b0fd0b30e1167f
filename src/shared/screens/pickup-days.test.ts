import { describe, expect, it } from 'vitest';
import { addDays, pickupDateProblem, pickupDays, type PickupCalendar } from './pickup-days.ts';
import { NEW_YEAR_HOLIDAYS_2027 } from '../../../tests/setup/new-year-holidays.ts';

// Moscow is UTC+3: 08:59Z is 11:59 there, 09:00Z is noon.
const calendar: PickupCalendar = { cutoffHour: 12, closedDays: [] };
const wednesdayMorning = new Date('2026-03-04T08:59:00Z');
const wednesdayNoon = new Date('2026-03-04T09:00:00Z');
const refused = 'Выберите рабочий день в ближайшие 7 дней';

describe('pickup days (portal.md §5, §9)', () => {
  it('offers today only before the cut-off hour, Moscow time', () => {
    expect(pickupDays(wednesdayMorning, calendar)[0]).toBe('2026-03-04');
    expect(pickupDays(wednesdayNoon, calendar)[0]).toBe('2026-03-05');
    expect(pickupDays(wednesdayNoon, { ...calendar, cutoffHour: 13 })[0]).toBe('2026-03-04');
    expect(pickupDays(new Date('2026-03-03T20:30:00Z'), calendar)[0]).toBe('2026-03-04');
    // 21:30Z Tuesday is 00:30 Wednesday in Moscow: Wednesday, before the cut-off.
    expect(pickupDays(new Date('2026-03-03T21:30:00Z'), calendar)[0]).toBe('2026-03-04');
  });

  it('offers weekdays up to today + 7, no weekends', () => {
    expect(pickupDays(wednesdayMorning, calendar)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    // Friday after the cut-off: Monday is the next working day, the next Friday the last (today + 7).
    expect(pickupDays(new Date('2026-03-06T12:00:00Z'), calendar)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    // Saturday: nothing on the weekend.
    expect(pickupDays(new Date('2026-03-07T06:00:00Z'), calendar)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    expect(pickupDays(new Date('nonsense'), calendar)).toEqual([]);
  });

  it('leaves out closed days: holidays and the back office’s', () => {
    const closed = { ...calendar, closedDays: ['2026-03-09', '2026-03-11'] };
    expect(pickupDays(wednesdayMorning, closed)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-10']);
    expect(pickupDateProblem('2026-03-09', closed, wednesdayMorning)).toBe(refused);
    // New year: 1–8 January closed, 31 December after noon, the horizon ends on 7 January — nothing to offer.
    const newYear = {
      ...calendar,
      closedDays: NEW_YEAR_HOLIDAYS_2027,
    };
    expect(pickupDays(new Date('2026-12-31T10:00:00Z'), newYear)).toEqual([]);
    expect(pickupDays(new Date('2027-01-04T10:00:00Z'), newYear)).toEqual(['2027-01-11']);
  });

  it('offers a working Saturday the server names, unless the back office closed it', () => {
    // 2025: Saturday 1 November was a working day (decree No. 1335), Monday 3 and Tuesday 4 were off.
    const decree = { ...calendar, closedDays: ['2025-11-03', '2025-11-04'], openDays: ['2025-11-01'] };
    const wednesday = new Date('2025-10-29T06:00:00Z');
    expect(pickupDays(wednesday, decree)).toEqual([
      '2025-10-29',
      '2025-10-30',
      '2025-10-31',
      '2025-11-01',
      '2025-11-05',
    ]);
    expect(pickupDateProblem('2025-11-01', decree, wednesday)).toBeNull();
    expect(pickupDateProblem('2025-11-02', decree, wednesday)).toBe(refused);
    const closed = { ...decree, closedDays: [...decree.closedDays, '2025-11-01'] };
    expect(pickupDays(wednesday, closed)).not.toContain('2025-11-01');
  });

  it('refuses the same days the page leaves out', () => {
    for (const day of ['2026-03-05', '2026-03-06', '2026-03-09', '2026-03-11'])
      expect(pickupDateProblem(day, calendar, wednesdayNoon), day).toBeNull();
    for (const day of [
      '2026-03-03',
      '2026-03-04',
      '2026-03-07',
      '2026-03-08',
      '2026-03-12',
      '2026-02-30',
      'завтра',
      '',
    ]) {
      expect(pickupDateProblem(day, calendar, wednesdayNoon), day).toBe(refused);
    }
  });

  it('judges a replayed request as of when it was made, unless its day is over', () => {
    const madeTuesday = new Date('2026-03-03T08:00:00Z'); // 11:00, before the cut-off
    const arrivedWednesdayAfternoon = new Date('2026-03-04T12:00:00Z');
    // Wednesday was offered on Tuesday; it is today, not over, though past today's cut-off.
    expect(pickupDateProblem('2026-03-04', calendar, madeTuesday, arrivedWednesdayAfternoon)).toBeNull();
    expect(pickupDateProblem('2026-03-10', calendar, madeTuesday, arrivedWednesdayAfternoon)).toBeNull();
    // Tuesday itself is over by Wednesday.
    expect(pickupDateProblem('2026-03-03', calendar, madeTuesday, arrivedWednesdayAfternoon)).toBe(refused);
    // The horizon stays Tuesday's: Wednesday + 7 was never offered.
    expect(pickupDateProblem('2026-03-11', calendar, madeTuesday, arrivedWednesdayAfternoon)).toBe(refused);
  });
});

describe('addDays', () => {
  it('counts calendar days across months, years and a zone’s clock change', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'Europe/Moscow', 'America/New_York', 'Pacific/Chatham']) {
        process.env.TZ = tz;
        expect(addDays('2026-12-31', 1), tz).toBe('2027-01-01');
        expect(addDays('2026-03-01', -1), tz).toBe('2026-02-28');
        // New York moves its clocks on 8 March 2026, Chatham on 5 April: still one day each.
        expect([addDays('2026-03-07', 1), addDays('2026-03-08', 1)], tz).toEqual(['2026-03-08', '2026-03-09']);
        expect(addDays('2026-04-04', 2), tz).toBe('2026-04-06');
        // …and back on 1 November: a day of 25 hours is still one day.
        expect(addDays('2026-11-01', 1), tz).toBe('2026-11-02');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
