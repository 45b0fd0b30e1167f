// node scripts/bench/trace-first.mjs [/path] [--logged-in] [--cpu=4] [--stacks]
// A Chrome performance trace of one first visit (empty cache, 4x CPU throttling as Lighthouse's
// mobile preset), summarised: the first paints, and every main-thread task over 30 ms with what it
// spent its time on (the trace's own events, and the JS self time by original source file through
// dist/client-maps). Run it under the bench's lock (flock /tmp/bench.lock), on a build (npm run build).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { coldPage, launch } from './browser.mjs';
import { login, startServer } from './server.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const target = args.find((a) => a.startsWith('/')) ?? '/';
const cpu = Number(args.find((a) => a.startsWith('--cpu='))?.split('=')[1] ?? 4);

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trace-first-'));
const server = await startServer({ root, dataDir });
const browser = await launch();
try {
  const cookies = args.includes('--logged-in') ? (await login(server.url)).cookies : [];
  const { page, cdp } = await coldPage(browser, cookies);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  const url = `${server.url}${target}`;
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  await cdp.send('Tracing.end');
  await done;
  await summarise(events, url);
} catch (error) {
  console.error('trace failed', error);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

async function summarise(events, url) {
  // The page's own navigation (not the about:blank it started from), and that renderer's main thread.
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL === url,
  );
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid);
  const t0 = nav.ts;
  const ms = (ts) => ((ts - t0) / 1000).toFixed(0);
  for (const e of events.filter(
    (x) => x.pid === main.pid && /^(firstPaint|firstContentfulPaint|largestContentfulPaint::Candidate)$/.test(x.name),
  ))
    console.log(`${e.name} at ${ms(e.ts)} ms ${e.args?.data?.nodeName ?? ''} ${e.args?.data?.size ?? ''}`);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 30_000 && e.ts >= t0);
  const samples = await jsSamples(events, main);
  for (const task of tasks) {
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    const byName = new Map();
    for (const e of inside) if (e.dur > 2000) add(byName, e.name, e.dur);
    const names = largest(byName, 6).map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`);
    console.log(`\nTASK at ${ms(task.ts)} ms, ${(task.dur / 1000).toFixed(0)} ms: ${names.join(', ')}`);
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
    const self = new Map();
    const byPkg = new Map();
    // --stacks: the time under each of our own functions (components, hooks, module bodies), callees included.
    const under = new Map();
    for (const s of inTask) {
      add(self, s.where, s.dt);
      add(byPkg, s.pkg ?? '-', s.dt);
      for (const where of s.ours) add(under, where, s.dt);
    }
    const bySource = largest(byPkg, 8).map(([p, d]) => `${p} ${(d / 1000).toFixed(0)}`);
    console.log(`   by source: ${bySource.join(', ')}`);
    for (const [where, d] of largest(self, 12)) console.log(`   ${(d / 1000).toFixed(1)} ms  ${where}`);
    if (!args.includes('--stacks')) continue;
    for (const [where, d] of largest(under, 15)) console.log(`   ${(d / 1000).toFixed(1)} ms  under ${where}`);
  }
}

/** Adds `amount` to `key`'s total. */
function add(totals, key, amount) {
  totals.set(key, (totals.get(key) ?? 0) + amount);
}

/** The `count` largest totals, largest first. */
function largest(totals, count) {
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** The CPU profile's samples of the main thread, each with its frame's original source (file:function). */
async function jsSamples(events, main) {
  const maps = new Map();
  const consumer = async (url) => {
    const file = url.split('/').pop();
    if (!maps.has(file)) {
      const text = await readFile(path.join(root, 'dist/client-maps/assets', `${file}.map`), 'utf8').catch(() => null);
      maps.set(file, text ? new SourceMap(JSON.parse(text)) : null);
    }
    return maps.get(file);
  };
  /** A profile frame's original place, as the server maps client stacks (src/server/lib/source-maps.ts). */
  const originOf = async (frame) => {
    // findOrigin counts lines and columns from 1; CDP's frames count from 0.
    const origin = (await consumer(frame.url))?.findOrigin(frame.lineNumber + 1, frame.columnNumber + 1);
    return origin && 'fileName' in origin
      ? { source: origin.fileName, line: origin.lineNumber, name: origin.name }
      : null;
  };
  const nodes = new Map();
  const out = [];
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid);
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  if (!profile) return out;
  let ts = profile.args.data.startTime;
  for (const chunk of chunks.filter((c) => c.id === profile.id)) {
    const data = chunk.args.data.cpuProfile ?? {};
    for (const n of data.nodes ?? []) nodes.set(n.id, n);
    const deltas = chunk.args.data.timeDeltas ?? [];
    (data.samples ?? []).forEach((id, i) => {
      ts += deltas[i];
      out.push({ id, ts, dt: deltas[i + 1] ?? 0 });
    });
  }
  const names = new Map();
  const nameOf = async (node) => {
    if (names.has(node.id)) return names.get(node.id);
    const frame = node.callFrame ?? {};
    let name = null;
    if (frame.url?.includes('/assets/')) {
      const pos = await originOf(frame);
      if (pos && !pos.source.includes('node_modules'))
        name = `${pos.source.replace(/^(\.\.\/)+/, '')} ${pos.name || frame.functionName || '(module)'}`;
    }
    names.set(node.id, name);
    return name;
  };
  for (const n of nodes.values())
    for (const child of n.children ?? []) {
      const node = nodes.get(child);
      if (node) node.parent ??= n.id;
    }
  for (const s of out) {
    const ours = new Set();
    for (let node = nodes.get(s.id); node; node = nodes.get(node.parent)) {
      const name = await nameOf(node);
      if (name) ours.add(name);
    }
    s.ours = ours;
  }
  for (const s of out) {
    const frame = nodes.get(s.id)?.callFrame ?? {};
    let where = frame.functionName || `(${frame.url ? 'anonymous' : 'program'})`;
    if (frame.url?.includes('/assets/')) {
      const pos = await originOf(frame);
      if (pos) {
        s.pkg = pos.source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1').replace(/^(\.\.\/)+/, '');
        where = `${pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${pos.line} ${pos.name ?? ''}`;
      }
    }
    s.where = where;
  }
  return out;
}
