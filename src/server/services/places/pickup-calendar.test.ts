import { describe, expect, it } from 'vitest';
import { productionDays } from './pickup-calendar.ts';
import { NEW_YEAR_HOLIDAYS_2027 } from '../../../../tests/setup/new-year-holidays.ts';

// The days the server closes and opens (docs/api.md): the production calendar's years from the
// repository's decrees, any other year from date-holidays and the Labour Code.

function recordingLog() {
  const warnings: Array<{ message: string; fields?: Record<string, unknown> }> = [];
  return { warnings, warn: (message: string, fields?: Record<string, unknown>) => warnings.push({ message, fields }) };
}

describe('productionDays', () => {
  it('follows the 2026 decree: 9 January and 31 December are off', async () => {
    expect(await productionDays('2026-01-08', '2026-01-12')).toEqual({
      closed: ['2026-01-08', '2026-01-09'],
      open: [],
    });
    expect((await productionDays('2026-12-29', '2026-12-31')).closed).toEqual(['2026-12-31']);
  });

  it.each([
    ['2026-02-23', 'Defender of the Fatherland Day'],
    ['2026-03-09', 'Women’s Day on a Sunday, moved to Monday'],
    ['2026-05-01', 'Spring and Labour Day'],
    ['2026-05-11', 'Victory Day on a Saturday, moved to Monday'],
    ['2026-06-12', 'Russia Day'],
    ['2026-11-04', 'Unity Day'],
  ])('closes %s (%s)', async (day) => {
    expect((await productionDays(day, day)).closed).toEqual([day]);
  });

  it('opens the working Saturday of 2025 (1 November) and closes the Monday it went to', async () => {
    expect(await productionDays('2025-10-31', '2025-11-04')).toEqual({
      closed: ['2025-11-03', '2025-11-04'],
      open: ['2025-11-01'],
    });
  });

  it('leaves ordinary days open and lists no ordinary weekend', async () => {
    expect(await productionDays('2026-03-10', '2026-03-15')).toEqual({ closed: [], open: [] });
  });

  it('falls back to date-holidays and 1–8 January for a year without a decree, warning once', async () => {
    const log = recordingLog();
    const next = await productionDays('2026-12-30', '2027-01-10', log);
    expect(next.closed).toEqual(['2026-12-31', ...NEW_YEAR_HOLIDAYS_2027]);
    await productionDays('2027-02-22', '2027-02-24', log);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]?.fields).toMatchObject({ year: 2027 });
  });
});
