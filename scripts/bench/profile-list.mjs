// `node scripts/bench/profile-list.mjs [--pg=postgres://…] [--seconds=10] [--connections=10] [--tickets=1000]`:
// where a requests-list call's time goes (measured before anything is
// changed). Starts the built server under `node --cpu-prof` with the demo data, loads
// `/ajax/cabinet/tickets?limit=50` with autocannon as the logged-in demo clinic, stops the server
// (the profile is written at exit) and prints the functions and the files with the most self time.
// `--tickets=N` tops the demo clinic up to N tickets first, as the bench does (the demo data alone
// has fewer than a page of them). Needs `npm run build` first. Run on a quiet machine; the shares matter, not the milliseconds.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { LIST_PATH, topUpPglite, topUpPostgres } from './api.mjs';
import { largestProfile, printProfileTables } from './cpu-profile.mjs';
import { login, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const seconds = Number(arg('seconds', '10'));
const connections = Number(arg('connections', '10'));
const databaseUrl = arg('pg', undefined);
const tickets = Number(arg('tickets', '0'));

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-profile-'));
const profileDir = path.join(dataDir, 'profiles');
try {
  // A first start creates and seeds the database; the profiled one runs on it, as after a restart.
  await (await startServer({ root, dataDir, databaseUrl })).stop();
  if (tickets) await (databaseUrl ? topUpPostgres(databaseUrl, tickets) : topUpPglite(dataDir, tickets));
  const server = await startServer({
    root,
    dataDir,
    databaseUrl,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  let result;
  try {
    const { cookieHeader } = await login(server.url);
    result = await autocannon({
      url: `${server.url}${LIST_PATH}`,
      connections,
      duration: seconds,
      headers: { cookie: cookieHeader },
    });
  } finally {
    await server.stop();
  }
  const profile = await largestProfile(profileDir);
  console.log(
    `## Requests list under load (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${seconds} s)`,
  );
  console.log();
  console.log(
    `${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
  );
  console.log();
  printProfileTables(profile, { places: 12, functions: 25, native: 10 });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
