import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportClientError } from '#shared/api/client-errors.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';

// A stack from a minified bundle is logged with the source file and line of each of our frames: the
// bundle here is built with esbuild from a small source, run, and its real stack reported as a page
// at https://portal.test would report it.

const ORIGIN = 'https://portal.test';
const BUNDLE_PATH = '/assets/index-Ab12Cd34.js';
const SOURCE = `export function countInstruments(count: number): number {
  if (count > 2) {
    throw new RangeError('too many instruments');
  }
  return count;
}
`;

let root: string;
let t: TestApp;
let stack: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'source-maps-test-'));
  const sourceFile = path.join(root, 'src', 'client', 'features', 'count.ts');
  mkdirSync(path.dirname(sourceFile), { recursive: true });
  writeFileSync(sourceFile, SOURCE);
  const mapsDir = path.join(root, 'dist', 'client-maps');
  const outfile = path.join(mapsDir, BUNDLE_PATH);
  const built = await build({
    entryPoints: [sourceFile],
    outfile,
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'bundle',
    sourcemap: 'external',
    write: false,
  });
  const code = built.outputFiles.find((file) => file.path === outfile)!.text;
  const map = built.outputFiles.find((file) => file.path === `${outfile}.map`)!.text;
  mkdirSync(path.dirname(outfile), { recursive: true });
  writeFileSync(`${outfile}.map`, map);
  stack = runInNewContext(
    `${code};try{bundle.countInstruments(3)}catch(e){e.stack}`,
    {},
    {
      filename: `${ORIGIN}${BUNDLE_PATH}`,
    },
  ) as string;
  t = await createTestApp({ config: { sourceMapDir: mapsDir } });
});

afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const loggedStack = async (reportedStack: string) => {
  const report = { source: 'window', message: 'RangeError: too many instruments', stack: reportedStack };
  const response = await t.request(reportClientError.path, { method: 'POST', json: report, csrf: false });
  expect(response.status).toBe(200);
  return t.logs.filter((line) => line.msg === 'client error').at(-1)?.stack;
};

describe('a client error from the built bundle', () => {
  it('is logged with the source file and line instead of the minified location', async () => {
    expect(stack).toContain(`${ORIGIN}${BUNDLE_PATH}:1:`);
    const logged = await loggedStack(stack);
    expect(logged).toMatch(/RangeError: too many instruments\n\s+at \S+ \(src\/client\/features\/count\.ts:3:\d+\)/);
    expect(logged).not.toContain(BUNDLE_PATH);
  });

  it('maps a Firefox-style frame too, and leaves frames without a map as they came', async () => {
    const [, line, column] = /index-Ab12Cd34\.js:(\d+):(\d+)/.exec(stack)!;
    const logged = await loggedStack(
      `countInstruments@${ORIGIN}${BUNDLE_PATH}:${line}:${column}\n` +
        `other@${ORIGIN}/assets/vendor-Zz99Yy88.js:1:10\n` +
        `escape@${ORIGIN}/assets/../../../etc/passwd.js:1:1`,
    );
    expect(logged?.toString().split('\n')).toEqual([
      expect.stringMatching(/^countInstruments@src\/client\/features\/count\.ts:3:\d+$/),
      `other@${ORIGIN}/assets/vendor-Zz99Yy88.js:1:10`,
      `escape@${ORIGIN}/assets/../../../etc/passwd.js:1:1`,
    ]);
  });
});
