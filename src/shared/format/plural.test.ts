import { describe, expect, it } from 'vitest';
import {
  BONUS_FORMS,
  countOf,
  pluralCategory,
  pluralize,
  UNPAID_BILL_FORMS,
  UNREAD_NOTIFICATION_FORMS,
} from './plural.ts';

describe('pluralize', () => {
  it.each([
    [0, 'бонусов'],
    [1, 'бонус'],
    [2, 'бонуса'],
    [4, 'бонуса'],
    [5, 'бонусов'],
    [11, 'бонусов'],
    [12, 'бонусов'],
    [14, 'бонусов'],
    [21, 'бонус'],
    [22, 'бонуса'],
    [25, 'бонусов'],
    [101, 'бонус'],
    [111, 'бонусов'],
    [112, 'бонусов'],
    [1001, 'бонус'],
    [-1, 'бонус'],
    [-3, 'бонуса'],
  ])('%i → %s', (n, word) => {
    expect(pluralize(n, ['бонус', 'бонуса', 'бонусов'])).toBe(word);
  });

  it('uses the few form for fractions', () => {
    expect(pluralCategory(1.5)).toBe('few');
  });

  it('agrees with Intl for whole numbers, which it categorises without Intl', () => {
    const intlPlurals = new Intl.PluralRules('ru-RU');
    const intlNumbers = new Intl.NumberFormat('ru-RU');
    const samples = [-0, -1_234_567, -21, -12, ...Array.from({ length: 1200 }, (_, i) => i), 10_001, 123_456_789];
    for (const n of [...samples, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      const category = intlPlurals.select(n);
      expect(pluralCategory(n), String(n)).toBe(category === 'other' ? 'few' : category);
      expect(countOf(n, BONUS_FORMS), String(n)).toBe(`${intlNumbers.format(n)}\u00A0${pluralize(n, BONUS_FORMS)}`);
    }
  });

  it('leaves fractions and huge numbers to Intl', () => {
    expect(countOf(1.5, BONUS_FORMS)).toBe('1,5\u00A0бонуса');
    expect(countOf(1e21, BONUS_FORMS)).toBe(`${new Intl.NumberFormat('ru-RU').format(1e21)}\u00A0бонусов`);
  });

  it('counts with Russian grouping', () => {
    expect(countOf(1500, BONUS_FORMS)).toBe('1\u00A0500\u00A0бонусов');
    expect(countOf(21, BONUS_FORMS)).toBe('21\u00A0бонус');
  });
});

describe('badge meanings', () => {
  it.each([
    [1, 'неоплаченный счёт', 'непрочитанное'],
    [2, 'неоплаченных счёта', 'непрочитанных'],
    [5, 'неоплаченных счетов', 'непрочитанных'],
    [11, 'неоплаченных счетов', 'непрочитанных'],
    [21, 'неоплаченный счёт', 'непрочитанное'],
  ])('%i → %s, %s', (n, bills, notifications) => {
    expect(pluralize(n, UNPAID_BILL_FORMS)).toBe(bills);
    expect(pluralize(n, UNREAD_NOTIFICATION_FORMS)).toBe(notifications);
  });
});
