// What an attack does to everyone else: /healthz latency polled all along, and the server's RSS.
import { readFileSync } from 'node:fs';

/** Resident memory of a process in MB (Linux /proc), or null where it cannot be read. */
export function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** Polls /healthz (one request at a time) and RSS until `stop()`; resolves to the worst of each. */
export function watch(server) {
  let running = true;
  const result = { healthzMaxMs: 0, healthzCount: 0, rssMaxMb: rssMb(server.pid) ?? 0 };
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(60_000) });
      } catch {}
      result.healthzMaxMs = Math.max(result.healthzMaxMs, performance.now() - started);
      result.healthzCount += 1;
      result.rssMaxMb = Math.max(result.rssMaxMb, rssMb(server.pid) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { ...result, healthzMaxMs: Math.round(result.healthzMaxMs) };
    },
  };
}

/** Runs `burst` while watching; returns the watch figures with RSS before and after. */
export async function underWatch(server, burst) {
  const rssBefore = rssMb(server.pid);
  const watcher = watch(server);
  const started = performance.now();
  const outcome = await burst();
  const seconds = (performance.now() - started) / 1000;
  const figures = await watcher.stop();
  return {
    ...figures,
    rssBeforeMb: rssBefore,
    rssAfterMb: rssMb(server.pid),
    seconds: Number(seconds.toFixed(1)),
    outcome,
  };
}

/** Status code → count, e.g. { 200: 40, 429: 2 }. */
export function statusCounts(statuses) {
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** An anonymous browser's CSRF pair (cookie and token), as the app gets it on start. */
export async function anonymousCsrf(url) {
  const response = await fetch(`${url}/ajax/user/data`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { csrf_token: token } = await response.json();
  return { headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie, origin: url } };
}
