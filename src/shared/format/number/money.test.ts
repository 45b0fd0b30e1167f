import { describe, expect, it } from 'vitest';
import { formatMoney, formatPoints } from './money.ts';

const S = '\u00A0';

describe('formatPoints', () => {
  it('groups thousands the Russian way', () => {
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(999)).toBe('999');
    expect(formatPoints(1500)).toBe(`1${S}500`);
    expect(formatPoints(1234567)).toBe(`1${S}234${S}567`);
  });

  it('shows 0 for missing values', () => {
    expect(formatPoints(undefined)).toBe('0');
    expect(formatPoints(null)).toBe('0');
    expect(formatPoints(Number.NaN)).toBe('0');
  });
});

describe('formatMoney', () => {
  it('formats decimal strings from the server', () => {
    expect(formatMoney('12500.00')).toBe(`12${S}500,00${S}₽`);
    expect(formatMoney('0.00')).toBe(`0,00${S}₽`);
    expect(formatMoney('5')).toBe(`5,00${S}₽`);
    expect(formatMoney('0.5')).toBe(`0,50${S}₽`);
    expect(formatMoney('1234567.89')).toBe(`1${S}234${S}567,89${S}₽`);
    expect(formatMoney('-1500.10')).toBe(`-1${S}500,10${S}₽`);
  });

  it('does not lose precision on long amounts', () => {
    expect(formatMoney('90071992547409931.99')).toBe(`90${S}071${S}992${S}547${S}409${S}931,99${S}₽`);
  });

  it('rounds half up from the string', () => {
    expect(formatMoney('1.005')).toBe(`1,01${S}₽`);
    expect(formatMoney('1.004')).toBe(`1,00${S}₽`);
    expect(formatMoney('999.995')).toBe(`1${S}000,00${S}₽`);
    expect(formatMoney('-0.001')).toBe(`0,00${S}₽`);
  });

  it('accepts numbers, commas and the euro sign', () => {
    expect(formatMoney(12500)).toBe(`12${S}500,00${S}₽`);
    expect(formatMoney('12,5', { currency: '€' })).toBe(`12,50${S}€`);
    expect(formatMoney('100', { fractionDigits: 0 })).toBe(`100${S}₽`);
  });

  it('returns unparseable input unchanged', () => {
    expect(formatMoney('—')).toBe('—');
    expect(formatMoney(null)).toBe('');
  });
});
