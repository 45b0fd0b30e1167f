import { applyMask } from './phone-mask.ts';

/** The e-mail confirmation code mask (portal.md §5): 4 digits shown as '#-#-#-#'. */
export const CODE_MASK = '#-#-#-#';
export const CODE_DIGITS = 4;
export const CODE_PLACEHOLDER = '_-_-_-_';

/** Keeps the first 4 digits of typed or pasted text: 'Код: 1-2-3-4' → '1234'. */
export function sanitizeCode(text: string): string {
  return text.replace(/\D/g, '').slice(0, CODE_DIGITS);
}

/** '1234' → '1-2-3-4'; '12' → '1-2'. */
export function formatCode(raw: string): string {
  return applyMask(CODE_MASK, sanitizeCode(raw));
}
