// Writes .br and .gz next to every compressible file of the built PWA (dist/client), so the server
// sends precompressed bytes instead of compressing on every request. Runs after `vite build`.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compressible from '../src/server/compressible.json' with { type: 'json' };

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The file types the server may send precompressed (the same list src/server/static.ts reads). */
const COMPRESSIBLE = new Set(compressible);
/** Below this, compression headers cost more than they save. */
const MIN_SIZE = 256;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export async function compressDir(dir) {
  let count = 0;
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    const data = await readFile(file);
    if (data.length < MIN_SIZE) continue;
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: 9 }),
    ]);
    // A sibling that is not smaller is useless; the server then sends the original.
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
    count++;
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(
    process.argv[2] ?? path.join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'client'),
  );
  const exists = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!exists) {
    console.error(`compress-client: ${dir} does not exist (run vite build first)`);
    process.exit(1);
  }
  const count = await compressDir(dir);
  console.log(`compress-client: ${count} files compressed in ${dir}`);
}
