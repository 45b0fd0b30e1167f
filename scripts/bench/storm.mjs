// The notification storm (ADR 0032): 200 connections on the tickets list for 10 s, as when a push to
// every clinic brings them all at once. The clients honour Retry-After as the page and the worker
// do (storm-client.mjs). Reported: p50 / p99 / max over every answer, how many were served (2xx)
// and how many refused quickly (503 + Retry-After); per request, served on the first try, served
// after waiting, never served, and the time until served, waits included; the server's worst
// event-loop delay (its 'overloaded' log lines) and /healthz's worst latency meanwhile.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cannon, LIST_PATH } from './api.mjs';
import { underWatch } from './attack-watch.mjs';
import { RETRY_LIMIT } from './storm-client.mjs';

/** storm-client.mjs in a process of its own: at hundreds of connections the harness's own work would show up as latency. */
function clientsProcess(options) {
  const script = fileURLToPath(new URL('./storm-client.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`storm-client exited ${code} without a JSON result`));
      }
    });
  });
}

/** The worst loop delay and the refusals the server logged after `from` (middleware/load-shedding.ts). */
function overloadLines(log, from) {
  let loopMs = 0;
  let shed = 0;
  for (const line of log.slice(from).split('\n')) {
    if (!line.includes('"overloaded"')) continue;
    try {
      const record = JSON.parse(line);
      loopMs = Math.max(loopMs, record.loop_delay_max_ms ?? 0);
      shed += record.shed ?? 0;
    } catch {}
  }
  return { loopMs, shed };
}

export const STORM = { duration: 10, connections: 200 };

export async function storm(server, cookieHeader, { duration, connections } = STORM) {
  const headers = { cookie: cookieHeader };
  const url = `${server.url}${LIST_PATH}`;
  await cannon(url, { headers, duration: 2, connections: 20 }); // warm-up
  const from = server.log().length;
  const watched = await underWatch(server, () => clientsProcess({ url, headers, duration, connections }));
  // The last second's line is written by the next request: one more asks for it.
  await fetch(url, { headers }).catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    ...watched.outcome,
    healthzMaxMs: watched.healthzMaxMs,
    ...overloadLines(server.log(), from),
    connections,
    duration,
  };
}

export function stormRow(label, r) {
  const { connections, duration } = r.error ? STORM : r;
  const what = `${connections} connections × ${duration} s on ${LIST_PATH}, ${label}`;
  if (r.error) return `| ${what} | n/a: ${r.error} | — | n/a |`;
  const refused = Object.entries(r.statuses)
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ');
  const loop = r.loopMs > 0 ? `${r.loopMs} ms` : '< 100 ms';
  return (
    `| ${what} | p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; ` +
    `${r.ok} served (${((100 * r.ok) / Math.max(r.total, 1)).toFixed(1)} % of ${r.total} answers)${refused ? `, refused ${refused}` : ''}, ${r.errors} errors/timeouts; ` +
    `per request, Retry-After waited out (at most ${RETRY_LIMIT} times): ${r.served.firstTry} served on the first try, ${r.served.afterRetry} after waiting, ${r.served.never} never; ` +
    `until served p50 ${r.served.p50} ms, p99 ${r.served.p99} ms, max ${r.served.max} ms (waits included); ` +
    `event-loop delay max ${loop}; /healthz max ${r.healthzMaxMs} ms | PostgreSQL p99 ≤ 300 ms, PGlite ≤ 1 s, max ≤ 2 s | ` +
    `${r.max <= 2000 && r.p99 <= (label.startsWith('PGlite') ? 1000 : 300) ? 'pass' : 'FAIL'} |`
  );
}
