// Moves the client build's source maps (vite's `sourcemap: 'hidden'`: no sourceMappingURL comment in
// the files) out of dist/client into dist/client-maps, so they are never served or precached, and
// drops their sourcesContent: the server maps client errors' stacks with them (src/server/lib/source-maps.ts)
// and needs only the mappings. Runs after `vite build`, from scripts/build-server.mjs.
import { mkdir, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && entry.name.endsWith('.map')) yield full;
  }
}

/** Moves every *.map under `clientDir` to the same place under `mapsDir`; returns how many. */
export async function keepSourceMaps(clientDir, mapsDir) {
  const maps = [];
  for await (const file of walk(clientDir)) maps.push(file);
  // A build without maps (build-server run twice) leaves the kept ones of its build alone.
  if (maps.length === 0) return 0;
  await rm(mapsDir, { recursive: true, force: true });
  for (const file of maps) {
    const map = JSON.parse(await readFile(file, 'utf8'));
    delete map.sourcesContent;
    const target = path.join(mapsDir, path.relative(clientDir, file));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, JSON.stringify(map));
    await unlink(file);
  }
  return maps.length;
}
