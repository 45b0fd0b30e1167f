/**
 * The Russian phone mask '+7 (###) ###-##-##' (portal.md §5, cabinet.md §5).
 *
 * The raw value is the digits only, country code first: '79123456789'. Its first digit is always 7,
 * so the mask below treats the 7 of '+7' as the first digit slot.
 */
export const PHONE_MASK = '+# (###) ###-##-##';
export const PHONE_DIGITS = 11;
export const PHONE_PLACEHOLDER = '+7 (___) ___-__-__';

/**
 * Turns whatever was typed or pasted into raw phone digits with a leading 7:
 * '8 912 345-67-89' → '79123456789', '+79123456789' → '79123456789', '912 345 67 89' → '79123456789'.
 * Partial input stays partial ('9' → '79'); anything beyond 11 digits is dropped.
 */
export function sanitizePhone(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return '';
  let national: string;
  if (digits[0] === '7' || digits[0] === '8') national = digits.slice(1);
  else national = digits;
  return `7${national}`.slice(0, PHONE_DIGITS);
}

/** Fills a '#'-slot mask with digits, stopping after the last digit (no dangling literals). */
export function applyMask(mask: string, digits: string): string {
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === '#') {
      out += digits[next];
      next += 1;
    } else {
      out += char;
    }
  }
  return out;
}

/** Raw digits → '+7 (912) 345-67-89' (partially for partial input; '' stays ''). */
export function formatPhone(raw: string): string {
  return applyMask(PHONE_MASK, sanitizePhone(raw));
}

/** True for a complete Russian mobile number: 11 digits, +7 9xx (portal.md §9). */
export function isCompletePhone(raw: string): boolean {
  return /^79\d{9}$/.test(sanitizePhone(raw));
}
