// Reading a V8 .cpuprofile (node --cpu-prof): self time per function, per package, and native
// frames charged to their nearest script callers. Used by the profile-*.mjs scripts.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Self time per key, from a V8 .cpuprofile: samples are attributed to the node that was on top. */
export function selfTimes(profile, keyOf) {
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
export function nativeByCaller(profile, keyOf) {
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
export function placeOf({ url }) {
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

export const table = (rows, top) =>
  rows
    .slice(0, top)
    .map(({ key, share }) => `| ${(share * 100).toFixed(1)} % | ${key} |`)
    .join('\n');

/** A function's name and place, as the tables print it. */
export const functionOf = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} — ${placeOf({ url })}${url ? `:${lineNumber + 1}` : ''}`;

/** The server's own profile in `dir`: the biggest (worker threads write small ones of their own). */
/**
 * The three tables a profile script prints (Markdown, a blank line between): self time per place
 * (package or our folder), per function, and native frames charged to their callers; `top` rows each.
 */
export function printProfileTables(profile, top) {
  console.log('| self time | where |\n|---|---|');
  console.log(table(selfTimes(profile, placeOf), top.places));
  console.log();
  console.log('| self time | function |\n|---|---|');
  console.log(table(selfTimes(profile, functionOf), top.functions));
  console.log();
  console.log('| self time | native frame ← its nearest script callers |\n|---|---|');
  console.log(table(nativeByCaller(profile, functionOf), top.native));
}

export async function largestProfile(dir) {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  const sized = await Promise.all(
    files.map(async (name) => ({ name, text: await readFile(path.join(dir, name), 'utf8') })),
  );
  const main = sized.sort((a, b) => b.text.length - a.text.length)[0];
  if (!main) throw new Error('no CPU profile was written');
  return JSON.parse(main.text);
}

/**
 * The profile cut to the samples taken from `fromEndMs` to `toEndMs` before it ended (the server
 * writes it as it exits): the stretch a burst took, without the start-up before it.
 */
export function lastStretch(profile, fromEndMs, toEndMs = 0) {
  let time = profile.startTime;
  const times = profile.timeDeltas.map((delta) => (time += delta));
  const from = profile.endTime - fromEndMs * 1000;
  const to = profile.endTime - toEndMs * 1000;
  const samples = profile.samples.filter((_, i) => times[i] >= from && times[i] <= to);
  return { ...profile, samples };
}
