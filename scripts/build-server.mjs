// Bundles the API server into dist/server/index.js (dependencies stay in node_modules), copies the
// SQL migrations beside it (db/client.ts finds them at `./migrations` relative to the bundle), then
// moves the client build's source maps out of the served folder, precompresses the client build and
// checks its shared chunk's folder rule (tools/lint/shared-chunk.mjs).
import { cp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { compressDir } from './compress-client.mjs';
import { keepSourceMaps } from './keep-source-maps.mjs';
import { readBuild, sharedChunkProblems } from '../tools/lint/shared-chunk.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'dist', 'server');

await rm(outDir, { recursive: true, force: true });
await build({
  // The PDF worker thread is its own entry: pdf/ticket-pdf-renderer.ts finds it beside index.js.
  entryPoints: [
    path.join(root, 'src', 'server', 'index.ts'),
    path.join(root, 'src', 'server', 'pdf', 'ticket-pdf-worker.ts'),
    // The backup's snapshot reader (backup/read-snapshot.ts) finds it beside index.js too.
    path.join(root, 'src', 'server', 'backup', 'snapshot-worker.ts'),
  ],
  outdir: outDir,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp(path.join(root, 'src', 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });

const clientDir = path.join(root, 'dist', 'client');
if (
  await stat(clientDir).then(
    (s) => s.isDirectory(),
    () => false,
  )
) {
  const maps = await keepSourceMaps(clientDir, path.join(root, 'dist', 'client-maps'));
  const count = await compressDir(clientDir);
  // The shared chunk's folder rule (docs/decisions/0035-screen-owned-shared-code.md) holds on this build.
  const problems = sharedChunkProblems(await readBuild(clientDir, path.join(root, 'dist', 'client-maps')));
  for (const problem of problems) console.error(`build-server: ${problem}`);
  if (problems.length > 0) process.exit(1);
  // One line for a clean build (the chunks and their sizes: `npx vite build`, or `npm run bench`).
  console.log(
    `Built: the PWA in dist/client (${count} files precompressed; ${maps} source maps in dist/client-maps, never served), the server in dist/server`,
  );
} else {
  console.warn('build-server: dist/client not found, skipping precompression (run vite build first)');
}
