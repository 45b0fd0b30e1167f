import * as v from 'valibot';
import { messages } from '../validation/messages.ts';
import { confirmationCodeField, emailField, phoneDigits, requiredText, text } from '../validation/fields.ts';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// The clinic's own data (cabinet.md §2 Personal data and Settings, §5, §7, §8). Changing the login
// e-mail takes a code mailed to the new address; until it is entered the old one stays.

/** A personal name in Cyrillic (ё included), parts joined by a hyphen or a space, with the given message (cabinet.md §5 Personal data). */
const cyrillicLettersField = v.pipe(
  text(60),
  v.nonEmpty(messages.required),
  v.regex(/^[А-Яа-яЁё]+(?:[- ][А-Яа-яЁё]+)*$/u, messages.lettersOnly),
);

/** A name of the settings and identity forms: Latin or Cyrillic letters, parts joined by hyphens, at least 2 (cabinet.md §5). */
const letterName = v.pipe(
  text(60),
  v.minLength(2, messages.minTwo),
  v.regex(/^[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*$/u, messages.lettersAndHyphen),
);
const requiredLetterNameField = v.pipe(text(60), v.nonEmpty(messages.requiredShort), letterName);
/**
 * Optional: empty, or a name as above. The empty case is a literal, not a second string branch:
 * a union reports its own message when several branches took the string, so a one-letter
 * patronymic was told 'only letters' instead of 'Минимум 2 символа' (cabinet.md §5).
 */
const optionalLetterNameField = v.pipe(
  v.string(messages.lettersAndHyphen),
  cleanText(),
  v.union([v.literal(''), letterName], messages.lettersAndHyphen),
);

/** Any phone of 11 digits (cabinet.md §5 Personal data), kept as its digits. */
const elevenDigitPhoneField = v.pipe(
  v.string(messages.phone),
  v.transform(phoneDigits),
  v.regex(/^[78]\d{10}$/, messages.phone),
  v.transform((digits) => `7${digits.slice(1)}`),
);

export const PROFILE_MESSAGES = {
  saved: 'Данные успешно изменены!',
  /** After the code from the new address: the login is that address from now on. */
  emailChanged: (email: string) => `Адрес эл. почты изменён: теперь для входа служит ${email}`,
  failed: 'Произошла ошибка при обновлении данных. Попробуйте позже.',
  noPendingEmail: 'Нет нового адреса, ожидающего подтверждения',
} as const;

export const personalDataForm = v.object({
  name: cyrillicLettersField,
  surname: cyrillicLettersField,
  phone: elevenDigitPhoneField,
  email: emailField,
});
export type PersonalDataForm = v.InferInput<typeof personalDataForm>;

/** Личные данные: saves name, surname and phone; a new e-mail waits for the code mailed to it (`email_change`). */
export const updatePersonalData = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/profile/personal',
  input: personalDataForm,
  output: okResponse({
    message: v.string(),
    /** Set when the e-mail is to change: where the code went. */
    email_change: v.nullable(v.object({ email: v.string(), message: v.string() })),
  }),
});

/** The code from the new address makes it the login e-mail. */
export const confirmEmailChange = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/profile/email/confirm',
  input: v.object({ code: confirmationCodeField }),
  output: okResponse({ message: v.string() }),
});

/** Mails the new address another code (30 s after the last one). */
export const resendEmailChangeCode = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/profile/email/send-code',
  input: v.object({}),
  output: okResponse({ message: v.string() }),
});

export const settingsForm = v.object({
  surname: requiredLetterNameField,
  name: requiredLetterNameField,
  patronymic: optionalLetterNameField,
  company: v.pipe(requiredText(200, messages.requiredShort), v.minLength(2, messages.minTwo)),
});
export type SettingsForm = v.InferInput<typeof settingsForm>;

/** Настройки, as the spec names the call; the user data reloads afterwards. */
export const updateProfile = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/profile/update',
  input: settingsForm,
  output: okResponse({ message: v.string() }),
});
