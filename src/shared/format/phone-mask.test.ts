import { describe, expect, it } from 'vitest';
import { applyMask, formatPhone, isCompletePhone, sanitizePhone } from './phone-mask.ts';

describe('sanitizePhone', () => {
  it.each([
    ['8 912 345-67-89', '79123456789'],
    ['+79123456789', '79123456789'],
    ['+7 (912) 345-67-89', '79123456789'],
    ['9123456789', '79123456789'],
    ['7 912 345 67 89', '79123456789'],
    ['8 (912) 345-67-89 доб. 12', '79123456789'],
  ])('turns pasted %s into %s', (text, digits) => {
    expect(sanitizePhone(text)).toBe(digits);
  });

  it('keeps partial input partial, leading 7 first', () => {
    expect(sanitizePhone('')).toBe('');
    expect(sanitizePhone('9')).toBe('79');
    expect(sanitizePhone('8')).toBe('7');
    expect(sanitizePhone('+7 (91')).toBe('791');
    expect(sanitizePhone('abc')).toBe('');
  });
});

describe('formatPhone', () => {
  it('formats full and partial numbers without dangling literals', () => {
    expect(formatPhone('79123456789')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('7912')).toBe('+7 (912');
    expect(formatPhone('79123')).toBe('+7 (912) 3');
    expect(formatPhone('7')).toBe('+7');
    expect(formatPhone('')).toBe('');
  });

  it('formats unsanitised text too', () => {
    expect(formatPhone('8 912 345-67-89')).toBe('+7 (912) 345-67-89');
  });
});

describe('applyMask', () => {
  it('fills # slots in order', () => {
    expect(applyMask('#-#-#-#', '12')).toBe('1-2');
    expect(applyMask('#-#-#-#', '123456')).toBe('1-2-3-4');
  });
});

describe('isCompletePhone', () => {
  it('needs 11 digits with 9 second', () => {
    expect(isCompletePhone('79123456789')).toBe(true);
    expect(isCompletePhone('74951234567')).toBe(false);
    expect(isCompletePhone('7912345678')).toBe(false);
  });
});
