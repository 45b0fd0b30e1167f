import { describe, expect, it } from 'vitest';
import { readRange } from './byte-range.ts';

describe('readRange', () => {
  it('reads a first-last, an open-ended and a suffix range', () => {
    expect(readRange('bytes=0-9', 100)).toEqual({ kind: 'part', range: { start: 0, end: 9 } });
    expect(readRange('bytes=90-', 100)).toEqual({ kind: 'part', range: { start: 90, end: 99 } });
    expect(readRange('bytes=-10', 100)).toEqual({ kind: 'part', range: { start: 90, end: 99 } });
  });

  it('clips a range that runs past the end, and a suffix longer than the file', () => {
    expect(readRange('bytes=50-500', 100)).toEqual({ kind: 'part', range: { start: 50, end: 99 } });
    expect(readRange('bytes=-500', 100)).toEqual({ kind: 'part', range: { start: 0, end: 99 } });
  });

  it('cannot satisfy a range that starts past the end or an empty suffix', () => {
    expect(readRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(readRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(readRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores no header, several ranges, other units and nonsense (the whole file)', () => {
    for (const header of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=', 'bytes=-', 'bytes=9-1', 'bytes=a-b']) {
      expect(readRange(header, 100)).toEqual({ kind: 'whole' });
    }
  });
});
