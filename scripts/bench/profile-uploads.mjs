// `node scripts/bench/profile-uploads.mjs [--pg=postgres://…] [--no-profile]`: where the server's time
// goes while one account sends 24 repair requests with 2 × 9.9 MB photos at once (attack-files.mjs;
// 22 of them refused before their body is read), and what /healthz answers meanwhile (polled one
// at a time, every 20 ms). Starts the built server under `node --cpu-prof` (unless --no-profile)
// and prints /healthz's latencies, the answers, and the functions and packages with the most self
// time. Needs `npm run build` first; `--pg` needs an empty database (the demo data is seeded into it).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadBurst } from './attack-files.mjs';
import { functionOf, largestProfile, nativeByCaller, placeOf, selfTimes, table } from './cpu-profile.mjs';
import { startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const databaseUrl = process.argv.find((a) => a.startsWith('--pg='))?.slice(5);
const profiling = !process.argv.includes('--no-profile');

/** Polls /healthz one request at a time until `stop()`; resolves to every latency (ms). */
function pollHealth(url) {
  let running = true;
  const latencies = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) }).then(
        (r) => r.arrayBuffer(),
        () => {},
      );
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return latencies.sort((a, b) => a - b);
  };
}

const at = (sorted, q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-profile-uploads-'));
const profileDir = path.join(dataDir, 'profiles');
try {
  await (await startServer({ root, dataDir, databaseUrl })).stop();
  const server = await startServer({
    root,
    dataDir,
    databaseUrl,
    env: databaseUrl ? { WORKERS: '1' } : {},
    nodeArgs: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  let answers;
  let health;
  const started = performance.now();
  try {
    const stop = pollHealth(server.url);
    answers = await uploadBurst(server);
    health = await stop();
  } finally {
    await server.stop();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`## 24 uploads of 2 × 9.9 MB, one account (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  console.log();
  console.log(`answers ${JSON.stringify(answers)} in ${seconds} s`);
  console.log(
    `/healthz (${health.length} polls): p50 ${at(health, 0.5)} ms, p95 ${at(health, 0.95)} ms, max ${at(health, 1)} ms`,
  );
  if (profiling) {
    const profile = await largestProfile(profileDir);
    console.log();
    console.log('| self time | where |\n|---|---|');
    console.log(table(selfTimes(profile, placeOf), 10));
    console.log();
    console.log('| self time | function |\n|---|---|');
    console.log(table(selfTimes(profile, functionOf), 20));
    console.log();
    console.log('| self time | native frame ← its nearest script callers |\n|---|---|');
    console.log(table(nativeByCaller(profile, functionOf), 10));
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
