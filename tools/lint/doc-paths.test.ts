import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideFiles, missingPaths, namedPaths } from './doc-paths.mjs';

describe('doc-paths', () => {
  it('reads paths from code spans, code blocks and relative links, not placeholders or web links', () => {
    const markdown = [
      'Run `npx vitest run --project server src/server/routes/bonuses.test.ts`.',
      '```sh',
      'npm run test:e2e -- tests/e2e/loyalty.e2e.ts',
      '```',
      'See [the map](architecture.md#layers), [ADR](https://example.com/x) and `docs/decisions/NNNN-what.md`.',
      'Copy `src/client/features/<area>/x.tsx` or `src/server/x.ts:12-20`.',
    ].join('\n');
    expect(namedPaths(markdown, 'docs/guides.md').sort()).toEqual([
      'docs/architecture.md',
      'src/server/routes/bonuses.test.ts',
      'src/server/x.ts',
      'tests/e2e/loyalty.e2e.ts',
    ]);
  });

  it('names each guide path that does not exist, and accepts an ADR named by its number', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'doc-paths-'));
    mkdirSync(path.join(base, 'docs/decisions'), { recursive: true });
    mkdirSync(path.join(base, 'src'), { recursive: true });
    writeFileSync(path.join(base, 'src/here.ts'), '');
    writeFileSync(path.join(base, 'docs/decisions/0005-lockfile.md'), '');
    writeFileSync(path.join(base, 'docs/decisions/README.md'), '`src/gone.ts` is history');
    writeFileSync(path.join(base, 'README.md'), '`src/here.ts`, `docs/decisions/0005`, `src/moved.ts`');
    writeFileSync(path.join(base, 'CONTRIBUTING.md'), 'see [guide](docs/guide.md)');

    expect(guideFiles(base).sort()).toEqual(['CONTRIBUTING.md', 'README.md']);
    expect(missingPaths(base)).toEqual([
      { file: 'README.md', named: 'src/moved.ts' },
      { file: 'CONTRIBUTING.md', named: 'docs/guide.md' },
    ]);
  });

  it('passes a path git ignores (a generated file a fresh clone does not have yet)', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'doc-paths-'));
    mkdirSync(path.join(base, 'docs'));
    expect(spawnSync('git', ['init', '-q'], { cwd: base }).status).toBe(0);
    writeFileSync(path.join(base, '.gitignore'), 'src/client/route-tree.gen.ts\n');
    writeFileSync(path.join(base, 'README.md'), '`src/client/route-tree.gen.ts` is generated; `src/gone.ts` is not');
    writeFileSync(path.join(base, 'CONTRIBUTING.md'), '');

    expect(missingPaths(base)).toEqual([{ file: 'README.md', named: 'src/gone.ts' }]);
  });
});
