import { describe, expect, it } from 'vitest';
import { formatServerTimestamp, serverDate, serverDayStart } from './server-timestamp.ts';

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
