import { describe, expect, it } from 'vitest';
import { CACHED_AT_HEADER, cachedAtOf } from './ticket-cache.ts';

describe('cachedAtOf', () => {
  it('reads the time the worker stamped on its saved copy, and nothing else', () => {
    expect(cachedAtOf(new Headers({ [CACHED_AT_HEADER]: '1700000000000' }))).toBe(1_700_000_000_000);
    expect(cachedAtOf(new Headers())).toBeNull();
    expect(cachedAtOf(new Headers({ [CACHED_AT_HEADER]: 'yesterday' }))).toBeNull();
    expect(cachedAtOf(new Headers({ [CACHED_AT_HEADER]: '-5' }))).toBeNull();
  });
});
