import { lazily } from './lazily.ts';
import { groupThousands } from './number/group-thousands.ts';

/** The three Russian plural forms: one (1, 21, 101), few (2–4, 22–24), many (0, 5–20, 25–30, 11–14). */
export type PluralForms = readonly [one: string, few: string, many: string];
export type PluralCategory = 'one' | 'few' | 'many';

// Intl is kept for fractions only: the header prints the bonus count on every logged-in first screen,
// and making the first Russian Intl formatter loads ICU data (~65 ms of that render at 4x CPU). Whole
// numbers — all the portal counts — follow CLDR's Russian rules written out below, as Intl would.
const russianPlurals = lazily(() => new Intl.PluralRules('ru-RU'));
const russianNumbers = lazily(() => new Intl.NumberFormat('ru-RU'));

/** Whole numbers small enough to print digit by digit as Intl would (no exponent, exact). */
const isPlainWhole = (n: number) => Number.isSafeInteger(n);

/**
 * Plural category of a number (cabinet.md §9), by CLDR's Russian rules: ends in 1 except 11 → one;
 * 2–4 except 12–14 → few; else many. A fraction ('other' to Intl) reads as few: '1,5 бонуса'.
 */
export function pluralCategory(n: number): PluralCategory {
  if (!Number.isFinite(n)) return 'many';
  if (isPlainWhole(n)) {
    const lastTwo = Math.abs(n) % 100;
    const last = lastTwo % 10;
    if (last === 1 && lastTwo !== 11) return 'one';
    if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
    return 'many';
  }
  const category = russianPlurals().select(n);
  return category === 'one' || category === 'many' ? category : 'few';
}

/** A whole number with Russian grouping, as `Intl.NumberFormat('ru-RU')` prints it: '1\u00A0500', '-3'. */
function formatRussianNumber(n: number): string {
  if (!isPlainWhole(n)) return russianNumbers().format(n);
  const grouped = groupThousands(String(Math.abs(n)));
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}

/** `pluralize(5, ['бонус', 'бонуса', 'бонусов'])` → 'бонусов'. The word only; see `countOf` for the number too. */
export function pluralize(n: number, forms: PluralForms): string {
  const category = pluralCategory(n);
  return category === 'one' ? forms[0] : category === 'few' ? forms[1] : forms[2];
}

/** The number (Russian grouping) with its word: `countOf(21, ['бонус', 'бонуса', 'бонусов'])` → '21 бонус'. */
export function countOf(n: number, forms: PluralForms): string {
  return `${formatRussianNumber(n)}\u00A0${pluralize(n, forms)}`;
}

export const BONUS_FORMS: PluralForms = ['бонус', 'бонуса', 'бонусов'];
export const QUESTION_FORMS: PluralForms = ['вопрос', 'вопроса', 'вопросов'];
export const MINUTE_FORMS: PluralForms = ['минута', 'минуты', 'минут'];
export const CHARACTER_FORMS: PluralForms = ['символ', 'символа', 'символов'];
export const SECOND_FORMS: PluralForms = ['секунда', 'секунды', 'секунд'];
/** Badge meanings read after a tab's or link's name: 'Счета, 3 неоплаченных счёта', 'Уведомления, 1 непрочитанное'. */
export const INSTRUMENT_FORMS: PluralForms = ['инструмент', 'инструмента', 'инструментов'];
export const UNPAID_BILL_FORMS: PluralForms = ['неоплаченный счёт', 'неоплаченных счёта', 'неоплаченных счетов'];
export const UNREAD_NOTIFICATION_FORMS: PluralForms = ['непрочитанное', 'непрочитанных', 'непрочитанных'];
