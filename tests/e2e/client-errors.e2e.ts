// A client error from the built app is logged with its sources (src/server/lib/source-maps.ts): the
// build keeps its source maps on the server and never serves them. The stack reported here points
// into the built file that holds the update banner, at its text, as a crash there would.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHONE, browserForFile, distClientDir, serverLogLine, withPage } from './support.ts';
import { visible } from './ui.ts';

const browser = browserForFile();

/** A text that is in one built file once, and the file whose JSX writes it (in quotes; a comment names it too). */
const MARKED_TEXT = 'Доступна новая версия';
const MARKED_SOURCE = 'src/client/components/ui/update-banner.tsx';

describe('client errors from the built app', () => {
  it('are logged with the source file and line, and the source maps are not served', async () => {
    // Whichever chunk the banner was bundled into (the entry or a lazy one): the server maps either.
    const built = (await readdir(path.join(distClientDir, 'assets'))).filter((name) => name.endsWith('.js'));
    const holders: string[] = [];
    for (const name of built) {
      if ((await readFile(path.join(distClientDir, 'assets', name), 'utf8')).includes(MARKED_TEXT)) holders.push(name);
    }
    expect(holders).toHaveLength(1);
    const entry = `/assets/${holders[0]}`;
    const code = await readFile(path.join(distClientDir, entry), 'utf8');
    expect(code).not.toContain('sourceMappingURL');
    const lines = code.split('\n');
    const line = lines.findIndex((text) => text.includes(MARKED_TEXT));
    const column = lines[line]!.indexOf(MARKED_TEXT) + 1;
    const sourceLine =
      (await readFile(path.join(distClientDir, '..', '..', MARKED_SOURCE), 'utf8'))
        .split('\n')
        .findIndex((text) => text.includes(`"${MARKED_TEXT}"`)) + 1;

    await withPage(browser, PHONE, 'client-errors', async (page) => {
      await page.goto('/');
      await visible(page.getByRole('main')).waitFor();
      const mapStatus = await page.evaluate(async (map) => (await fetch(map)).status, `${entry}.map`);
      expect(mapStatus).toBe(404);

      const marker = `mapped e2e error ${Date.now()}`;
      const status = await page.evaluate(
        async ({ message, stack }) =>
          (
            await fetch('/ajax/client-errors', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ source: 'window', message, stack }),
            })
          ).status,
        {
          message: marker,
          stack: `Error: ${marker}\n    at Banner (${new URL(entry, page.url()).href}:${line + 1}:${column})`,
        },
      );
      expect(status).toBe(200);
      const logged = () => serverLogLine(marker);
      await expect.poll(logged).toContain('client error');
      expect(await logged()).toContain(`at Banner (${MARKED_SOURCE}:${sourceLine}:`);
    });
  });
});
