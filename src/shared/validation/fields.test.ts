import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { phoneField } from './fields.ts';

const problem = (value: unknown) => v.safeParse(phoneField, value).issues?.[0]?.message;

describe('phoneField', () => {
  it('an empty phone (or the mask\'s "+7" alone) is missing: the field is required', () => {
    expect(problem('')).toBe('Это поле обязательно');
    expect(problem('+7 (')).toBe('Это поле обязательно');
    expect(problem(undefined)).toBe('Это поле обязательно');
  });

  it('a wrong one says how it must start', () => {
    expect(problem('+7 (495) 123-45-67')).toBe('Номер телефона должен начинаться с +7');
    expect(problem('+7 (916) 12')).toBe('Номер телефона должен начинаться с +7');
  });

  it('a Russian mobile passes as 11 digits from 7', () => {
    expect(v.parse(phoneField, '8 916 123-45-67')).toBe('79161234567');
  });
});
