// The shared chunk's folder rule (docs/decisions/0035-screen-owned-shared-code.md), checked on the build:
// vite.config.ts puts what two or more lazy pages use of src/shared and src/client/lib into the one
// 'shared' chunk, which the requests list loads on its cold start, except the `screens/` folders in them.
// Two ways the rule can drift, both read from the client build's source maps (their `sources` name the
// modules each chunk holds):
//   - code under a `screens/` folder reaches the requests list's cold path (then it is not the screens' own:
//     move it out of screens/);
//   - code outside them lands in one lazy page's chunk only, off the cold path (then only that page uses it:
//     move it under screens/, so that a second screen using it later does not pull it onto the cold path
//     through 'shared').
// Runs after `vite build`, from scripts/build-server.mjs; `node tools/lint/shared-chunk.mjs` checks dist/.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkSizes, staticClosure } from '../../scripts/bench/chunks.mjs';

/** The requests list's cold start: the entry, the cabinet layout and the list, with what they import. */
const COLD_ROUTES = ['/cabinet', '/cabinet/tickets/'];
const SHARED_FOLDERS = /^src\/(?:shared|client\/lib)\//;
const SCREEN_OWNED = /^src\/(?:shared|client\/lib)\/screens\//;
/** vite.config.ts's named groups: each keeps what it names together on purpose (one page may use it). */
const NAMED_GROUPS = /^(?:shared|password-checker|bound-form|overlay|list-kit)-[\w-]{8}\.js$/;

/**
 * The problems of one build, as sentences.
 * @param {{ modulesOf: Map<string, string[]>, cold: Set<string>, everyPage: Set<string> }} build
 *   modulesOf: each chunk's modules (repository-relative); cold: the chunks of the requests list's cold
 *   start; everyPage: the entry's static closure (on every page, so never one page's own)
 */
export function sharedChunkProblems({ modulesOf, cold, everyPage }) {
  const problems = [];
  const chunksOf = new Map();
  for (const [chunk, modules] of modulesOf) {
    for (const module of modules) chunksOf.set(module, [...(chunksOf.get(module) ?? []), chunk]);
    if (!cold.has(chunk)) continue;
    for (const module of modules.filter((m) => SCREEN_OWNED.test(m)))
      problems.push(
        `${module} is on the requests list's cold path (in ${chunk}): it is not screen-owned, move it out of screens/`,
      );
  }
  for (const [module, chunks] of chunksOf) {
    if (!SHARED_FOLDERS.test(module) || SCREEN_OWNED.test(module)) continue;
    // On the cold path a page's own code costs nothing more where it is.
    const lazy = chunks.filter((chunk) => !everyPage.has(chunk) && !cold.has(chunk) && !NAMED_GROUPS.test(chunk));
    if (lazy.length === 1 && chunks.length === 1)
      problems.push(`${module} is only in the lazy chunk ${lazy[0]}: one screen uses it, move it under screens/`);
  }
  return problems.sort();
}

/** Reads a build: dist/client and the maps scripts/keep-source-maps.mjs moved to dist/client-maps. */
export async function readBuild(clientDir, mapsDir) {
  const assets = path.join(clientDir, 'assets');
  const repoRoot = path.resolve(clientDir, '../..');
  const modulesOf = new Map();
  for (const name of (await readdir(path.join(mapsDir, 'assets'))).filter((f) => f.endsWith('.js.map'))) {
    const map = JSON.parse(await readFile(path.join(mapsDir, 'assets', name), 'utf8'));
    // The sources are relative to the map's place in dist/client/assets, where Vite wrote it.
    const modules = map.sources
      .map((source) => path.relative(repoRoot, path.resolve(assets, source)).split(path.sep).join('/'))
      .filter((module) => module.startsWith('src/'));
    modulesOf.set(name.slice(0, -'.map'.length), modules);
  }
  const { entryClosure, routes } = await chunkSizes(clientDir);
  const cold = new Set(entryClosure);
  for (const route of COLD_ROUTES) {
    const found = routes.find((r) => r.route === route);
    if (!found) throw new Error(`shared-chunk: no route ${route} in the build's route tree`);
    for (const file of found.files) for (const chunk of await staticClosure(assets, file)) cold.add(chunk);
  }
  return { modulesOf, cold, everyPage: new Set(entryClosure) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const problems = sharedChunkProblems(
    await readBuild(path.join(root, 'dist', 'client'), path.join(root, 'dist', 'client-maps')),
  );
  for (const problem of problems) console.error(`shared-chunk: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log("shared-chunk: screens/ code is off the cold path, and no other shared code is one screen's own");
}
