import { describe, expect, it } from 'vitest';
import { sharedChunkProblems } from './shared-chunk.mjs';

// A build in miniature: the entry, the requests list (cold), two lazy screens and the shared chunk.
const ENTRY = 'index-AAAAAAAA.js';
const LIST = 'tickets-BBBBBBBB.js';
const PLACES = 'places-CCCCCCCC.js';
const BILLS = 'bills-DDDDDDDD.js';
const SHARED = 'shared-EEEEEEEE.js';

function build(modulesOf: Record<string, string[]>) {
  return {
    modulesOf: new Map(Object.entries(modulesOf)),
    cold: new Set([ENTRY, LIST, SHARED]),
    everyPage: new Set([ENTRY]),
  };
}

describe('the shared chunk folder rule', () => {
  it('holds when screens/ code stays with its screens and the rest is shared or on the cold path', () => {
    expect(
      sharedChunkProblems(
        build({
          [ENTRY]: ['src/shared/api/account.ts', 'src/client/main.tsx'],
          [LIST]: ['src/shared/dictionaries/ticket-statuses.ts'],
          [SHARED]: ['src/shared/format/number/money.ts'],
          [PLACES]: ['src/shared/screens/places.ts', 'src/client/lib/screens/places-api.ts'],
          [BILLS]: ['src/shared/screens/bills.ts'],
        }),
      ),
    ).toEqual([]);
  });

  it('refuses screens/ code on the requests list’s cold path', () => {
    expect(sharedChunkProblems(build({ [ENTRY]: ['src/shared/screens/feedback.ts'], [PLACES]: [] }))).toEqual([
      expect.stringMatching(/^src\/shared\/screens\/feedback\.ts is on the requests list's cold path/),
    ]);
  });

  it('refuses shared code outside screens/ that only one lazy screen holds', () => {
    expect(
      sharedChunkProblems(build({ [BILLS]: ['src/shared/api/bills.ts'], [PLACES]: ['src/client/lib/places-api.ts'] })),
    ).toEqual([
      `src/client/lib/places-api.ts is only in the lazy chunk ${PLACES}: one screen uses it, move it under screens/`,
      `src/shared/api/bills.ts is only in the lazy chunk ${BILLS}: one screen uses it, move it under screens/`,
    ]);
  });
});
