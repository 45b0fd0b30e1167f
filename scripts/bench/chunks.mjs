// Gzip sizes of the built JS chunks, and which route needs which. No Vite manifest is emitted,
// so routes are read from the entry chunk's route tree: `k(`/path`)({component:…import(`./x.js`),
// __vite__mapDeps([…])` — the lazy chunk of each route and the files Vite preloads with it; and
// from the chunks' own static imports, what each route adds to the entry's closure.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export async function gzipBytes(file) {
  const sibling = await stat(`${file}.gz`).then(
    (s) => s.size,
    () => null,
  );
  return sibling ?? gzipSync(await readFile(file), { level: 9 }).length;
}

/** Static imports of a chunk, transitively: what loads with it before any lazy import. */
export async function staticClosure(assetsDir, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = await readFile(path.join(assetsDir, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) await staticClosure(assetsDir, m[1], seen);
  return seen;
}

export async function chunkSizes(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const files = (await readdir(assets)).filter((f) => f.endsWith('.js'));
  const sizes = new Map();
  for (const f of files)
    sizes.set(f, { raw: (await stat(path.join(assets, f))).size, gzip: await gzipBytes(path.join(assets, f)) });

  const html = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  const routes = [];
  if (entry) {
    const code = await readFile(path.join(assets, entry), 'utf8');
    const depList = /m\.f=\[([^\]]*)\]/.exec(code)?.[1];
    const deps = depList ? [...depList.matchAll(/"assets\/([^"]+)"/g)].map((m) => m[1]) : [];
    const routeRe = /\(`(\/[^`]*)`\)\(\{[^`]*?import\(`\.\/([^`]+\.js)`\)(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/g;
    for (const m of code.matchAll(routeRe)) {
      const files = new Set(
        [m[2], ...(m[3] ? m[3].split(',').map((i) => deps[Number(i)]) : [])].filter((f) => f?.endsWith('.js')),
      );
      const gzip = [...files].reduce((sum, f) => sum + (sizes.get(f)?.gzip ?? 0), 0);
      routes.push({ route: m[1], chunk: m[2], files: [...files], gzip });
    }
  }
  // What a route adds to the entry's closure (loaded on every route anyway): its chunk's own closure.
  const entryClosure = entry ? await staticClosure(assets, entry) : new Set();
  for (const route of routes) {
    const closure = await staticClosure(assets, route.chunk);
    route.extra = [...closure].filter((f) => !entryClosure.has(f));
    route.extraGzip = route.extra.reduce((sum, f) => sum + (sizes.get(f)?.gzip ?? 0), 0);
  }
  return { entry, entryClosure, sizes, routes };
}
