import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildOutput, isKnownHarmless, quietLogger } from './build-output.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** The files that `composes: name from '…'` names, resolved as Vite resolves them. */
function composedFiles(): Map<string, string[]> {
  const composed = new Map<string, string[]>();
  for (const file of cssFiles(path.join(root, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/composes:[^;]*?\bfrom\s+['"]([^'"]+)['"]/g)) {
      const specifier = match[1]!;
      const target = specifier.startsWith('#client/')
        ? path.join(root, 'src/client', specifier.slice('#client/'.length))
        : path.resolve(path.dirname(file), specifier);
      composed.set(target, [...(composed.get(target) ?? []), path.relative(root, file)]);
    }
  }
  return composed;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the build output', () => {
  it("drops only the known harmless warnings, whatever Vite's colours around them", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const logger = quietLogger('warn');
    logger.warnOnce(
      "\nA PostCSS plugin did not pass the `from` option to `postcss.parse`. This may cause imported assets to be incorrectly transformed. If you've recently added a PostCSS plugin that raised this warning, please contact the package author to fix the issue.",
    );
    logger.warn('\u001b[33mA PostCSS plugin did not pass the `from` option to `postcss.parse`.\u001b[39m');
    expect(warn).not.toHaveBeenCalled();
    logger.warn('(!) Some chunks are larger than 500 kB after minification.');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(isKnownHarmless('Could not resolve "./missing.css"')).toBe(false);
  });

  it('keeps the level: info is quiet at warn', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    quietLogger('warn').info('✓ 934 modules transformed.');
    expect(log).not.toHaveBeenCalled();
    quietLogger('info').info('✓ 934 modules transformed.');
    expect(log).toHaveBeenCalledTimes(1);
  });

  // The PostCSS warning is dropped because it would matter only for a url() in a file another CSS
  // module composes from: its rules are copied without their file's name, so a relative url() in them
  // would be rewritten against the wrong folder.
  it('composes from CSS files that hold no url()', () => {
    const composed = composedFiles();
    expect(composed.size).toBeGreaterThan(0);
    const withUrl = [...composed.keys()].filter((file) => /url\(/.test(readFileSync(file, 'utf8')));
    expect(
      withUrl.map((file) => `${path.relative(root, file)} (composed by ${composed.get(file)!.join(', ')})`),
    ).toEqual([]);
  });

  it("asks Rolldown for the service worker's single file in its own words", () => {
    const { serviceWorker } = buildOutput();
    const hook = serviceWorker.outputOptions as (options: Record<string, unknown>) => unknown;
    expect(hook({ entryFileNames: 'sw.mjs', inlineDynamicImports: true })).toEqual({
      entryFileNames: 'sw.mjs',
      codeSplitting: false,
    });
    expect(hook({ entryFileNames: 'sw.mjs' })).toBeNull();
  });

  it("gives the service worker's build the level the app's build was given", () => {
    const { app, serviceWorker } = buildOutput();
    (app.config as (config: object) => unknown)({ logLevel: 'warn' });
    expect((serviceWorker.config as () => { logLevel: string })().logLevel).toBe('warn');
  });
});
