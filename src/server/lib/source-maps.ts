import { readFile } from 'node:fs/promises';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';

// Stacks from users' phones name the built, minified files (`/assets/index-Ab12Cd34.js:1:48213`).
// The build keeps their source maps on the server (scripts/keep-source-maps.mjs moves them out of the
// served folder; static.ts refuses *.map anyway), and a client error's stack is written to the log
// with each frame of ours mapped to its source file, line and column, read with Node's own
// `module.SourceMap`.

/** A frame's location: an address whose path ends in .js or .mjs (maybe with a query), then :line:column. */
const FRAME_LOCATION = /\bhttps?:\/\/[^\s/()@]+(\/[\w./-]+\.m?js)(?:\?[^\s():]*)?:(\d+):(\d+)/g;

/** The builds have a few dozen files; the cap only bounds memory if the folder is ever larger. */
const MAX_CACHED_MAPS = 200;

export type StackMapper = (stack: string) => Promise<string>;

/**
 * A mapper reading the maps under `mapsDir` (`/assets/x.js` → `mapsDir/assets/x.js.map`). Frames without
 * a map (another origin, an older build, no maps at all) stay as they came.
 */
function makeStackMapper(mapsDir: string): StackMapper {
  const root = path.resolve(mapsDir);
  // Promises, so that the frames of one stack (mostly the same bundle) read and parse its map once.
  const cache = new Map<string, Promise<SourceMap | undefined>>();

  async function readMap(file: string): Promise<SourceMap | undefined> {
    try {
      return new SourceMap(JSON.parse(await readFile(file, 'utf8')) as SourceMapPayload);
    } catch {
      return undefined; // no such map, or not one
    }
  }

  async function mapFor(urlPath: string): Promise<SourceMap | undefined> {
    const cached = cache.get(urlPath);
    if (cached) return cached;
    const file = path.resolve(root, `.${urlPath}.map`);
    if (!file.startsWith(root + path.sep) || urlPath.split('/').some((s) => s.startsWith('.'))) return undefined;
    const loading = readMap(file);
    if (cache.size < MAX_CACHED_MAPS) cache.set(urlPath, loading);
    const map = await loading;
    // A missing map is not remembered: the next stack looks for it again.
    if (!map && cache.get(urlPath) === loading) cache.delete(urlPath);
    return map;
  }

  return async (stack) => {
    const frames = [...stack.matchAll(FRAME_LOCATION)];
    const replacements = await Promise.all(
      frames.map(async ([whole, urlPath = '', line, column]) => {
        const origin = (await mapFor(urlPath))?.findOrigin(Number(line), Number(column));
        if (!origin || !('fileName' in origin)) return whole;
        return `${sourcePath(origin.fileName)}:${origin.lineNumber}:${origin.columnNumber}`;
      }),
    );
    let index = 0;
    return stack.replace(FRAME_LOCATION, () => replacements[index++] ?? '');
  };
}

/** A source as the repository names it: `../../src/client/main.tsx` → `src/client/main.tsx`. */
function sourcePath(source: string): string {
  return source
    .replace(/^file:\/\//, '')
    .split('/')
    .filter((segment) => segment !== '..' && segment !== '.' && segment !== '')
    .join('/');
}

const mappers = new Map<string, StackMapper>();

/** One mapper (and map cache) per folder for the process. */
export function stackMapperFor(mapsDir: string): StackMapper {
  let mapper = mappers.get(mapsDir);
  if (!mapper) mappers.set(mapsDir, (mapper = makeStackMapper(mapsDir)));
  return mapper;
}
