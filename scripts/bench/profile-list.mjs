// `node scripts/bench/profile-list.mjs [--pg=postgres://…] [--seconds=10] [--connections=10] [--tickets=1000]`:
// where a requests-list call's time goes (measured before anything is
// changed). Starts the built server under `node --cpu-prof` with the demo data, loads
// `/ajax/cabinet/tickets?limit=50` with autocannon as the logged-in demo clinic, stops the server
// (the profile is written at exit) and prints the functions and the files with the most self time.
// `--tickets=N` tops the demo clinic up to N tickets first, as the bench does (the demo data alone
// has fewer than a page of them). Needs `npm run build` first. Run on a quiet machine; the shares matter, not the milliseconds.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { LIST_PATH, topUpPglite, topUpPostgres } from './api.mjs';
import { login, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const seconds = Number(arg('seconds', '10'));
const connections = Number(arg('connections', '10'));
const databaseUrl = arg('pg', undefined);
const tickets = Number(arg('tickets', '0'));

/** Self time per key, from a V8 .cpuprofile: samples are attributed to the node that was on top. */
function selfTimes(profile, keyOf) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map();
  for (const id of profile.samples) {
    const node = byId.get(id);
    const key = keyOf(node.callFrame);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => ({ key, share: n / total }));
}

/**
 * Native frames (writeBuffer, writev, fstat…) say nothing by themselves: their time is charged to
 * the nearest caller that is a script of ours or a package's, with the native frame's name kept.
 */
function nativeByCaller(profile, keyOf) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const idle = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
  const counts = new Map();
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (node.callFrame.url || idle.has(node.callFrame.functionName)) continue;
    let caller = parentOf.get(id);
    const chain = [];
    while (caller !== undefined && chain.length < 3) {
      const frame = byId.get(caller).callFrame;
      if (frame.url && !frame.url.startsWith('node:')) chain.push(keyOf(frame));
      caller = parentOf.get(caller);
    }
    const key = `${node.callFrame.functionName} ← ${chain.join(' ← ') || '(no script caller)'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => ({ key, share: n / total }));
}

/** The package a script belongs to, or our own source folder, or V8's own work. */
function placeOf({ url }) {
  if (!url) return '(V8: GC, idle, native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0)
    return url
      .slice(modules + 13)
      .split('/')
      .slice(0, url.slice(modules + 13).startsWith('@') ? 2 : 1)
      .join('/');
  if (url.startsWith('node:')) return url;
  return url.includes('/dist/server/') ? 'dist/server (our code, bundled)' : url.replace(/^file:\/\//, '');
}

const table = (rows, top) =>
  rows
    .slice(0, top)
    .map(({ key, share }) => `| ${(share * 100).toFixed(1)} % | ${key} |`)
    .join('\n');

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
  const files = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  // The server's own profile is the biggest (worker threads write small ones of their own).
  const sized = await Promise.all(
    files.map(async (name) => ({ name, text: await readFile(path.join(profileDir, name), 'utf8') })),
  );
  const main = sized.sort((a, b) => b.text.length - a.text.length)[0];
  if (!main) throw new Error('no CPU profile was written');
  const profile = JSON.parse(main.text);
  const functionOf = ({ functionName, url, lineNumber }) =>
    `${functionName || '(anonymous)'} — ${placeOf({ url })}${url ? `:${lineNumber + 1}` : ''}`;
  console.log(
    `## Requests list under load (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${seconds} s)`,
  );
  console.log();
  console.log(
    `${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
  );
  console.log();
  console.log('| self time | where |\n|---|---|');
  console.log(table(selfTimes(profile, placeOf), 12));
  console.log();
  console.log('| self time | function |\n|---|---|');
  console.log(table(selfTimes(profile, functionOf), 25));
  console.log();
  console.log('| self time | native frame ← its nearest script callers |\n|---|---|');
  console.log(table(nativeByCaller(profile, functionOf), 10));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
