import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoProblem, pickupDateProblem, pickupDays } from './repair-requests.ts';

describe('pickup dates (portal.md §5, §9)', () => {
  const wednesday = '2026-03-04';

  it('allows weekdays from today to today + 7, nothing else', () => {
    expect(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-11'].map((day) => pickupDateProblem(day, wednesday))).toEqual([null, null, null, null, null]);
    for (const day of ['2026-03-03', '2026-03-07', '2026-03-08', '2026-03-12', '2026-02-30', 'завтра']) {
      expect(pickupDateProblem(day, wednesday), day).toBe('Выберите рабочий день в ближайшие 7 дней');
    }
  });

  it('lists the days a courier can come, weekends left out', () => {
    expect(pickupDays(wednesday)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11']);
    expect(pickupDays('2026-03-07')).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']);
    expect(pickupDays('nonsense')).toEqual([]);
  });
});

describe('photoProblem (portal.md §5 File)', () => {
  it.each([
    [{ name: 'rotor.JPG', size: 1000 }, null],
    [{ name: 'scan.tiff', size: PHOTO_MAX_BYTES }, null],
    [{ name: 'x.bmp', size: 10 }, null],
    [{ name: 'x.jpeg', size: 10 }, null],
    [{ name: 'x.png', size: 10 }, null],
    [{ name: 'act.pdf', size: 1000 }, 'Файл недопустимого формата'],
    [{ name: 'photo', size: 1000 }, 'Файл недопустимого формата'],
    [{ name: 'big.png', size: PHOTO_MAX_BYTES + 1 }, 'Файл должен быть меньше 10 Мб'],
    [{ name: 'empty.png', size: 0 }, 'Файл не был загружен'],
  ])('%o → %s', (file, expected) => {
    expect(photoProblem(file)).toBe(expected);
  });
});
