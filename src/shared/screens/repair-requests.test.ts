import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoProblem } from './repair-requests.ts';

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
