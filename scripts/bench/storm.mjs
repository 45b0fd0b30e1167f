// The notification storm (ADR 0032): 200 connections on the tickets list for 10 s, as when a push to
// every clinic brings them all at once. Reported: the client's p50 / p99 / max over every answer,
// how many were served (2xx) and how many refused quickly (503 + Retry-After), the server's worst
// event-loop delay (its 'overloaded' log lines) and /healthz's worst latency meanwhile.
import { cannon, cannonProcess, LIST_PATH } from './api.mjs';
import { underWatch } from './attack-watch.mjs';

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

export async function storm(server, cookieHeader, { duration = 10, connections = 200 } = {}) {
  const headers = { cookie: cookieHeader };
  const url = `${server.url}${LIST_PATH}`;
  await cannon(url, { headers, duration: 2, connections: 20 }); // warm-up
  const from = server.log().length;
  const watched = await underWatch(server, () => cannonProcess(url, { headers, duration, connections }));
  // The last second's line is written by the next request: one more asks for it.
  await fetch(url, { headers }).catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { ...watched.outcome, healthzMaxMs: watched.healthzMaxMs, ...overloadLines(server.log(), from), connections };
}

export function stormRow(label, r) {
  if (r.error) return `| 200 connections × 10 s on ${LIST_PATH}, ${label} | n/a: ${r.error} | — | n/a |`;
  const refused = Object.entries(r.statuses)
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ');
  const loop = r.loopMs > 0 ? `${r.loopMs} ms` : '< 100 ms';
  return (
    `| ${r.connections} connections × 10 s on ${LIST_PATH}, ${label} | p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; ` +
    `${r.ok} served (${((100 * r.ok) / Math.max(r.total, 1)).toFixed(1)} % of ${r.total} answers; autocannon asks again at once after a 503, ignoring Retry-After)${refused ? `, refused ${refused}` : ''}, ${r.errors} errors/timeouts; ` +
    `event-loop delay max ${loop}; /healthz max ${r.healthzMaxMs} ms | PostgreSQL p99 ≤ 300 ms, PGlite ≤ 1 s, max ≤ 2 s | ` +
    `${r.max <= 2000 && r.p99 <= (label.startsWith('PGlite') ? 1000 : 300) ? 'pass' : 'FAIL'} |`
  );
}
