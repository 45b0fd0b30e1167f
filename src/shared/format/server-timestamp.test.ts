import { describe, expect, it } from 'vitest';
import { formatServerTimestamp, SERVICE_CLOCK_FIELDS, serverDate, serverDayStart } from './server-timestamp.ts';

describe('formatServerTimestamp', () => {
  it('writes Moscow time (UTC+3) with zero padding', () => {
    expect(formatServerTimestamp(new Date('2026-03-15T09:05:07Z'))).toBe('2026-03-15 12:05:07');
    expect(formatServerTimestamp(new Date('2026-01-01T00:00:00.999Z'))).toBe('2026-01-01 03:00:00');
  });

  it('rolls over to the next Moscow day late in the UTC evening', () => {
    expect(formatServerTimestamp(new Date('2025-12-31T21:30:00Z'))).toBe('2026-01-01 00:30:00');
    expect(serverDate(new Date('2025-12-31T21:30:00Z'))).toBe('2026-01-01');
  });

  it('uses midnight as 00, never 24', () => {
    expect(formatServerTimestamp(new Date('2026-06-01T21:00:00Z'))).toBe('2026-06-02 00:00:00');
  });

  it('follows the historical offset (UTC+4 in 2012)', () => {
    expect(formatServerTimestamp(new Date('2012-07-01T08:00:00Z'))).toBe('2012-07-01 12:00:00');
  });

  // The per-hour offset cache must agree with the time-zone database second for second, across
  // summer-time switches (to 2011), the 2011 and 2014 changes and the odd local-mean-time offsets.
  it('agrees with Intl around every offset change', () => {
    // sv-SE writes 'YYYY-MM-DD HH:MM:SS' by itself: a path independent of the one under test.
    const reference = new Intl.DateTimeFormat('sv-SE', SERVICE_CLOCK_FIELDS);
    const ranges: [string, string, number][] = [
      ['1916-01-01T00:00:00Z', '1931-01-01T00:00:00Z', 211 * 60_000 + 13_457],
      ['2009-01-01T00:00:00Z', '2015-06-01T00:00:00Z', 89 * 60_000 + 1_234],
    ];
    // Mismatches are collected rather than asserted one by one: 50 000 expect() calls cost seconds.
    const mismatches: string[] = [];
    const check = (instant: Date) => {
      const ours = formatServerTimestamp(instant);
      const theirs = reference.format(instant);
      if (ours !== theirs) mismatches.push(`${instant.toISOString()}: ${ours} ≠ ${theirs}`);
    };
    let checked = 0;
    for (const [from, to, step] of ranges) {
      for (let ms = Date.parse(from); ms < Date.parse(to); ms += step) {
        check(new Date(ms));
        checked += 1;
      }
    }
    // Exactly on each side of a switch (Moscow: 2010-03-28 and 2010-10-31 at 23:00 UTC the day before).
    for (const at of ['2010-03-27T23:00:00Z', '2010-10-30T23:00:00Z', '2011-03-26T23:00:00Z', '2014-10-25T22:00:00Z']) {
      for (const delta of [-1001, -1000, -1, 0, 1, 999, 1000]) check(new Date(Date.parse(at) + delta));
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(50_000);
  });
});

describe('serverDayStart', () => {
  it('is Moscow midnight as an instant', () => {
    expect(serverDayStart('2026-03-15').toISOString()).toBe('2026-03-14T21:00:00.000Z');
  });

  it('moves by whole days across month and year ends', () => {
    expect(serverDayStart('2026-03-31', 1).toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(serverDayStart('2025-12-31', 1).toISOString()).toBe('2025-12-31T21:00:00.000Z');
  });

  it('round-trips with serverDate', () => {
    for (const day of ['2024-02-29', '2026-01-01', '2026-10-25', '2012-07-01']) {
      expect(serverDate(serverDayStart(day))).toBe(day);
      expect(formatServerTimestamp(serverDayStart(day))).toBe(`${day} 00:00:00`);
    }
  });
});
