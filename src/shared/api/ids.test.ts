import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_INT4, parsePathId, positiveInt4 } from './ids.ts';

describe('parsePathId', () => {
  it.each([
    ['1', 1],
    ['501', 501],
    [String(MAX_INT4), MAX_INT4],
  ])('reads %s', (raw, id) => expect(parsePathId(raw)).toBe(id));

  it.each(['', '0', '007', '-1', '1.5', '1e3', ' 1', 'abc', String(MAX_INT4 + 1), '99999999999', undefined, 5])(
    'names no record for %j',
    (raw) => {
      expect(parsePathId(raw)).toBeNull();
    },
  );
});

describe('positiveInt4', () => {
  it('refuses what an int4 column cannot hold, in Russian', () => {
    const schema = positiveInt4();
    expect(v.safeParse(schema, MAX_INT4).success).toBe(true);
    for (const value of [0, -1, 1.5, MAX_INT4 + 1, Number.MAX_SAFE_INTEGER, '1']) {
      const result = v.safeParse(schema, value);
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toBe('Некорректный идентификатор');
    }
  });
});
