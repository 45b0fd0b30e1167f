import { describe, expect, it } from 'vitest';
import { fromKopecks, sumMoney, toKopecks } from './kopecks.ts';

describe('money in kopecks', () => {
  it('parses decimal strings exactly', () => {
    expect(toKopecks('12500.00')).toBe(1_250_000n);
    expect(toKopecks('0.1')).toBe(10n);
    expect(toKopecks('7')).toBe(700n);
    expect(toKopecks('-3.05')).toBe(-305n);
    expect(toKopecks('9999999999.99')).toBe(999_999_999_999n);
  });

  it('refuses what is not money', () => {
    for (const bad of ['', '1,5', '1.234', 'abc', '1e3', '.5']) expect(() => toKopecks(bad)).toThrow();
  });

  it('writes two places', () => {
    expect(fromKopecks(0n)).toBe('0.00');
    expect(fromKopecks(5n)).toBe('0.05');
    expect(fromKopecks(-305n)).toBe('-3.05');
    expect(fromKopecks(1_250_000n)).toBe('12500.00');
  });

  it('sums without float drift', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
    expect(sumMoney(['12500.00', '8700.00', '23400.00'])).toBe('44600.00');
    expect(sumMoney(['9999999999.99', '0.01'])).toBe('10000000000.00');
    expect(sumMoney([])).toBe('0.00');
  });
});
