// `node scripts/bench/profile-uploads.mjs [--pg=postgres://…] [--no-profile]`: where the server's time
// goes while one account sends 24 repair requests with 2 × 9.9 MB photos at once (attack-files.mjs;
// 22 of them refused before their body is read), and what /healthz answers meanwhile (polled one
// at a time, every 20 ms). Starts the built server under `node --cpu-prof` (unless --no-profile)
// and prints /healthz's latencies, the answers, and the functions and packages with the most self
// time. Needs `npm run build` first; `--pg` needs an empty database (the demo data is seeded into it).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadBurst } from './attack-files.mjs';
import { largestProfile, lastStretch, printProfileTables } from './cpu-profile.mjs';
import { startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const databaseUrl = process.argv.find((a) => a.startsWith('--pg='))?.slice(5);
const profiling = !process.argv.includes('--no-profile');

/**
 * Polls /healthz one request at a time, from a process of its own: the bench's, busy sending 480 MB
 * of bodies, would add its own lateness to the latencies. `stop()` resolves to every latency (ms).
 */
function pollHealth(url) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', POLLER, url], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const closed = new Promise((resolve) => child.on('close', resolve));
  return async () => {
    child.stdin.end();
    await closed;
    return JSON.parse(out).sort((a, b) => a - b);
  };
}

const POLLER = `
const url = process.argv[1];
let running = true;
process.stdin.on('end', () => (running = false)).resume();
const latencies = [];
while (running) {
  const started = performance.now();
  await fetch(url + '/healthz', { signal: AbortSignal.timeout(30000) }).then((r) => r.arrayBuffer(), () => {});
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write(JSON.stringify(latencies));
`;

/** The CPU a process has used, user and system, in ms (Linux /proc). */
function usage(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const tick = 1000 / 100;
  return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick };
}

/** The `ms` of the server's request lines for /healthz, sorted. */
function serverHealthMs(log) {
  return log
    .split('\n')
    .flatMap((line) => {
      try {
        const record = JSON.parse(line);
        return record.msg === 'request' && record.path === '/healthz' ? [record.ms] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a - b);
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
  let cpu;
  let log;
  let burst;
  let stopped;
  try {
    const stop = pollHealth(server.url);
    const before = usage(server.pid);
    const started = performance.now();
    answers = await uploadBurst(server);
    burst = performance.now() - started;
    const after = usage(server.pid);
    cpu = { user: after.user - before.user, system: after.system - before.system };
    health = await stop();
    log = server.log();
  } finally {
    const stopping = performance.now();
    await server.stop();
    stopped = performance.now() - stopping;
  }
  const seconds = (burst / 1000).toFixed(1);
  console.log(`## 24 uploads of 2 × 9.9 MB, one account (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  console.log();
  console.log(`answers ${JSON.stringify(answers)} in ${seconds} s`);
  console.log(
    `/healthz (${health.length} polls): p50 ${at(health, 0.5)} ms, p95 ${at(health, 0.95)} ms, max ${at(health, 1)} ms`,
  );
  console.log(`server CPU meanwhile: ${cpu.user} ms user, ${cpu.system} ms system`);
  // The server's own time for /healthz (its request lines): close to the latency seen, the wait was in
  // the handler (its turn on the database); far below it, outside (the event loop, the machine).
  const own = serverHealthMs(log);
  console.log(`/healthz in the server's own log: p50 ${at(own, 0.5)} ms, max ${at(own, 1)} ms`);
  if (profiling) {
    const profile = lastStretch(await largestProfile(profileDir), burst + stopped, stopped);
    console.log();
    console.log(`The profile's ${profile.samples.length} samples taken during the burst:`);
    console.log();
    printProfileTables(profile, { places: 10, functions: 20, native: 10 });
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
