import * as v from 'valibot';
import { messages } from './messages.ts';
import { cleanText } from './invisible-characters.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 4;

/** Keeps only the digits of a phone as typed or pasted, e.g. '+7 (912) 345-67-89' → '79123456789'. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Trimmed text of at most `max` characters. */
export const text = (max: number) =>
  v.pipe(v.string(messages.required), cleanText(), v.maxLength(max, messages.tooLong));

/** An e-mail, trimmed and lower-cased, with the form's own words for a missing and a wrong one. */
export const emailFieldWith = (message: string, missing: string = message) =>
  v.pipe(
    v.string(missing),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty(missing),
    v.maxLength(254, message),
    v.email(message),
  );

export const emailField = emailFieldWith(messages.email);

export const passwordField = v.pipe(
  v.string(messages.required),
  v.nonEmpty(messages.required),
  v.minLength(PASSWORD_MIN_LENGTH, messages.passwordMin),
  v.maxLength(200, messages.tooLong),
);

export const cyrillicNameField = v.pipe(
  text(60),
  v.nonEmpty(messages.required),
  v.regex(/^[А-Яа-яЁё]+(?:[- ][А-Яа-яЁё]+)*$/u, messages.cyrillicOnly),
);

/** A guest's first or last name in the repair wizard (portal.md §5 Wizard step 1): letters, parts joined by a hyphen. */
export const letterNameField = v.pipe(
  text(60),
  v.nonEmpty(messages.required),
  v.regex(/^\p{L}+(?:-\p{L}+)*$/u, messages.lettersAndHyphen),
);

/**
 * A Russian mobile number: 11 digits after stripping everything else, the second one a 9. An empty one
 * (or the mask's own '+7' alone) is missing, and says the field is required, not how it must start.
 */
export const phoneField = v.pipe(
  v.string(messages.required),
  v.transform(phoneDigits),
  v.check((digits) => digits !== '' && digits !== '7', messages.required),
  v.regex(/^[78]9\d{9}$/, messages.phone),
  v.transform((digits) => `7${digits.slice(1)}`),
);

export const confirmationCodeField = v.pipe(
  v.string(messages.codeRequired),
  v.transform((value) => value.replace(/\D/g, '')),
  v.nonEmpty(messages.codeRequired),
  v.length(CODE_LENGTH, messages.codeFormat),
);

export const requiredText = (max: number, message: string = messages.required) =>
  v.pipe(text(max), v.nonEmpty(message));
