/** Russian number formatting: points (bonus balls) and money (portal.md §1, cabinet.md §1). */
import { lazily } from '../lazily.ts';
import { groupThousands } from './group-thousands.ts';

const NBSP = '\u00A0';
const pointsFormat = lazily(() => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }));

/** Bonus points in the Russian locale: 12500 → '12 500' (non-breaking space). Non-numbers show as '0'. */
export function formatPoints(points: number | null | undefined): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return '0';
  return pointsFormat().format(points).replace(/\s/g, NBSP);
}

/** Adds 1 to a digit string ('999' → '1000'), for rounding without floats. */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    if (chars[i] === '9') {
      chars[i] = '0';
    } else {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
  }
  return `1${chars.join('')}`;
}

export type Currency = '₽' | '€';

export interface MoneyOptions {
  /** The currency sign after the amount; the rouble by default (ticket and bonus views). */
  currency?: Currency;
  /** Digits after the comma: 2 by default. */
  fractionDigits?: number;
}

/** A number as a plain decimal string (no exponent): 1e-7 → '0.0000001'. */
function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/0+$/, '') : text;
}

const DECIMAL = /^\s*([+-]?)(\d*)(?:[.,](\d*))?\s*$/;

/**
 * Money from the server's decimal string, formatted from the string itself so no float rounding
 * creeps in: '12500.00' → '12 500,00 ₽', '0.5' → '0,50 ₽', '-1234.565' → '-1 234,57 ₽' (half up).
 * Numbers are accepted too. Anything unparseable is returned as it came.
 */
export function formatMoney(value: string | number | null | undefined, options: MoneyOptions = {}): string {
  const currency = options.currency ?? '₽';
  const fractionDigits = options.fractionDigits ?? 2;
  if (value === null || value === undefined) return '';
  const match = DECIMAL.exec(typeof value === 'number' ? numberToPlain(value) : value);
  if (!match || ((match[2] ?? '') === '' && (match[3] ?? '') === '')) return String(value);
  const sign = match[1] === '-' ? '-' : '';
  let integer = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  let fraction = match[3] ?? '';
  if (fraction.length > fractionDigits) {
    const roundUp = Number(fraction[fractionDigits]) >= 5;
    fraction = fraction.slice(0, fractionDigits);
    if (roundUp) {
      const bumped = incrementDigits(integer + fraction);
      integer = bumped.slice(0, bumped.length - fractionDigits) || '0';
      fraction = bumped.slice(bumped.length - fractionDigits);
    }
  }
  fraction = fraction.padEnd(fractionDigits, '0');
  const isZero = /^0*$/.test(integer + fraction);
  const amount = groupThousands(integer) + (fractionDigits > 0 ? `,${fraction}` : '');
  return `${isZero ? '' : sign}${amount}${NBSP}${currency}`;
}
