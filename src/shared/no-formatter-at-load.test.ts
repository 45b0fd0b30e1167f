/// <reference types="vite/client" />
import { afterEach, describe, expect, it, vi } from 'vitest';

// Making an Intl formatter loads ICU locale data: on a slow phone tens of milliseconds of the first
// paint when done as a module loads (lazily.ts). Shared code is on every page's start, so none of it
// may make one before it is used.
const sharedModules = import.meta.glob(['./**/*.ts', '!./**/*.test.ts', '!./**/*.d.ts']);

describe('shared code at module load', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no Intl formatter until one is used', async () => {
    const made: string[] = [];
    for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat'] as const) {
      const original = Intl[name];
      vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        made.push(`${name}(${JSON.stringify(args)})`);
        return Reflect.construct(original as unknown as new (...a: unknown[]) => object, args);
      } as never);
    }
    const paths = Object.keys(sharedModules);
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) await sharedModules[path]!();
    expect(made).toEqual([]);

    // The spies do see a formatter made on use.
    const { formatPickupDay } = await import('./format/pickup-day.ts');
    expect(formatPickupDay('2026-03-05')).toBe('05.03.2026, четверг');
    expect(made).toHaveLength(1);
  });
});
