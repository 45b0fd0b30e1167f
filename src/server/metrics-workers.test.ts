// WORKERS=2 on PostgreSQL (issue 40): a scrape on either port gives every worker's numbers summed
// (prom-client's cluster aggregator in the primary), the database's gauges once, not twice.
// PostgreSQL only (the embedded database is one process's): run with `npm run test:server:pg`.
import { get } from 'node:http';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../tests/setup/free-port.ts';
import { scratchPostgresForThisFile } from '../../tests/setup/scratch-postgres.ts';
import { parsePrometheusText, valueOf } from '../../tests/setup/prometheus-text.ts';
import { listeningWorkers, start, waitForHealth } from '../../tests/setup/server-process.ts';

const scratch = scratchPostgresForThisFile('metrics-workers');
const TOKEN = 'metrics-token-0123456789abcdef';
/** One request on a connection of its own, so the primary hands each to the next worker. */
function healthOnNewConnection(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

describe.skipIf(!scratch.available)('metrics with WORKERS=2', () => {
  it("sum both workers' counts on the main port and on METRICS_PORT", async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const cluster = start({
      DATABASE_URL: scratch.url,
      DATA_DIR: scratch.dataDir,
      PORT: String(port),
      WORKERS: '2',
      SEED_DEMO: '1',
      SCRYPT_N: '1024',
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
    });
    await waitForHealth(port, cluster);
    const deadline = Date.now() + 90_000;
    expect(await listeningWorkers(cluster, 2, deadline)).toBe(2);

    const scrape = async (where: 'main' | 'local') => {
      const response =
        where === 'main'
          ? await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
          : await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      return parsePrometheusText(await response.text());
    };
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);

    const health = { method: 'GET', route: '/healthz', status_class: '2xx' };
    const before = await scrape('main');
    const REQUESTS = 20;
    for (let i = 0; i < REQUESTS; i += 1) expect(await healthOnNewConnection(port)).toBe(200);
    const onMain = await scrape('main');
    const onLocal = await scrape('local');
    // Every request counted once, whichever worker answered it: one worker's count alone would be about half.
    expect(
      valueOf(onMain, 'portal_http_requests_total', health) - valueOf(before, 'portal_http_requests_total', health),
    ).toBe(REQUESTS);
    expect(valueOf(onLocal, 'portal_http_requests_total', health)).toBe(
      valueOf(onMain, 'portal_http_requests_total', health),
    );
    // Both workers' pools are there (10 connections each), and the database's newest event only once.
    expect(valueOf(onMain, 'portal_db_pool_size')).toBe(20);
    const db = postgres(scratch.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await db<Array<{ id: string | null }>>`select max(id)::text as id from events`;
      expect(valueOf(onMain, 'portal_events_newest_id')).toBe(Number(row?.id ?? 0));
    } finally {
      await db.end({ timeout: 5 });
    }

    cluster.child.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
  }, 240_000);
});
