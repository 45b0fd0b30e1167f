import * as v from 'valibot';
import { messages } from './messages.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 4;

/** Keeps only the digits of a phone as typed or pasted, e.g. '+7 (912) 345-67-89' → '79123456789'. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

const text = (max: number) => v.pipe(v.string(messages.required), v.trim(), v.maxLength(max, messages.tooLong));

export const emailField = v.pipe(
  v.string(messages.email),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(messages.email),
  v.maxLength(254, messages.email),
  v.email(messages.email),
);

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

/** A personal name in Cyrillic (ё included), parts joined by a hyphen or a space, with the given message (cabinet.md §5 Personal data). */
export const cyrillicLettersField = v.pipe(text(60), v.nonEmpty(messages.required), v.regex(/^[А-Яа-яЁё]+(?:[- ][А-Яа-яЁё]+)*$/u, messages.lettersOnly));

/** A name of the settings and identity forms: Latin or Cyrillic letters, parts joined by hyphens, at least 2 (cabinet.md §5). */
const letterName = v.pipe(text(60), v.minLength(2, messages.minTwo), v.regex(/^[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*$/u, messages.lettersAndHyphen));
export const requiredLetterNameField = v.pipe(text(60), v.nonEmpty(messages.requiredShort), letterName);
/** Optional: empty, or a name as above. */
export const optionalLetterNameField = v.union([v.pipe(v.string(), v.trim(), v.empty()), letterName], messages.lettersAndHyphen);

/** Any phone of 11 digits (cabinet.md §5 Personal data), kept as its digits. */
export const elevenDigitPhoneField = v.pipe(
  v.string(messages.phone),
  v.transform(phoneDigits),
  v.regex(/^[78]\d{10}$/, messages.phone),
  v.transform((digits) => `7${digits.slice(1)}`),
);

/** A Russian mobile number: 11 digits after stripping everything else, the second one a 9. */
export const phoneField = v.pipe(
  v.string(messages.phone),
  v.transform(phoneDigits),
  v.nonEmpty(messages.phone),
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
