// The storm's clients, as the page and the service worker behave: each of `connections` clients asks
// for the list again and again for `duration` seconds, and a 503 with Retry-After (the server's load
// shedding, src/server/middleware/load-shedding.ts) is waited out and the same request sent again,
// at most RETRY_LIMIT times. Reported per request: served on the first try, served after waiting,
// never served; the time until served, waits included; and, as autocannon did, every answer's own
// latency. Run as a process of its own (storm.mjs), so the harness's work is not in the numbers:
//   node storm-client.mjs '{"url": …, "headers": {…}, "duration": 10, "connections": 200}'
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** Retries after a 503 before a request counts as never served (the page's ky retries once, the outbox keeps going). */
export const RETRY_LIMIT = 3;
/** A Retry-After above this is taken as this: a bench run must end. */
const MAX_WAIT_MS = 10_000;
const TIMEOUT_MS = 10_000;

/** One GET: its status, Retry-After in ms (null when absent) and latency; status 0 for an error or timeout. */
function get(agent, url, headers) {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status, retryAfterMs = null) => resolve({ status, retryAfterMs, ms: performance.now() - started });
    const request = http.get(url, { agent, headers, timeout: TIMEOUT_MS }, (response) => {
      const seconds = Number(response.headers['retry-after']);
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0, Number.isFinite(seconds) ? seconds * 1000 : null));
      response.on('error', () => done(0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => done(0));
  });
}

/** The p-th percentile (0–100) of sorted numbers, rounded to the ms; 0 when there are none. */
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

export async function stormClients({ url, headers = {}, duration, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const end = performance.now() + duration * 1000;
  const answerMs = [];
  const statuses = {};
  const servedMs = [];
  const tally = { firstTry: 0, afterRetry: 0, neverServed: 0, errors: 0 };

  async function client() {
    while (performance.now() < end) {
      const started = performance.now();
      for (let attempt = 0; ; attempt += 1) {
        const answer = await get(agent, url, headers);
        answerMs.push(answer.ms);
        if (answer.status === 0) tally.errors += 1;
        else if (answer.status < 200 || answer.status >= 300)
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status >= 200 && answer.status < 300) {
          tally[attempt === 0 ? 'firstTry' : 'afterRetry'] += 1;
          servedMs.push(performance.now() - started);
          break;
        }
        if (answer.status !== 503 || answer.retryAfterMs === null || attempt >= RETRY_LIMIT) {
          tally.neverServed += 1;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(answer.retryAfterMs, MAX_WAIT_MS)));
      }
    }
  }

  await Promise.all(Array.from({ length: connections }, client));
  agent.destroy();
  answerMs.sort((a, b) => a - b);
  servedMs.sort((a, b) => a - b);
  const ok = tally.firstTry + tally.afterRetry;
  return {
    // As autocannon's summary (api.mjs), over every answer.
    p50: percentile(answerMs, 50),
    p99: percentile(answerMs, 99),
    max: percentile(answerMs, 100),
    total: answerMs.length,
    ok,
    statuses,
    errors: tally.errors,
    // Per request, Retry-After honoured.
    served: {
      firstTry: tally.firstTry,
      afterRetry: tally.afterRetry,
      never: tally.neverServed,
      p50: percentile(servedMs, 50),
      p99: percentile(servedMs, 99),
      max: percentile(servedMs, 100),
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await stormClients(JSON.parse(process.argv[2]));
  process.stdout.write(JSON.stringify(result));
}
