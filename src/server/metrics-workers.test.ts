// WORKERS=2 on PostgreSQL (issue 40): a scrape on either port gives every worker's numbers summed
// (prom-client's cluster aggregator in the primary), the database's gauges once, not twice.
// PostgreSQL only (the embedded database is one process's): run with `npm run test:server:pg`.
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/setup/free-port.ts';
import { parsePrometheusText, valueOf } from '../../tests/setup/prometheus-text.ts';
import { killServers, start, waitForHealth } from '../../tests/setup/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'metrics-workers-test-'));
const dbName = `metrics_workers_${randomBytes(4).toString('hex')}`;
const TOKEN = 'metrics-token-0123456789abcdef';
let databaseUrl = '';

beforeAll(async () => {
  if (!adminUrl) return;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`).finally(() => admin.end({ timeout: 5 }));
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.href;
});

afterAll(async () => {
  killServers();
  rmSync(dataDir, { recursive: true, force: true });
  if (!adminUrl) return;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`).finally(() => admin.end({ timeout: 5 }));
});

/** One request on a connection of its own, so the primary hands each to the next worker. */
function healthOnNewConnection(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

describe.skipIf(!adminUrl)('metrics with WORKERS=2', () => {
  it("sum both workers' counts on the main port and on METRICS_PORT", async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const cluster = start({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      WORKERS: '2',
      SEED_DEMO: '1',
      SCRYPT_N: '1024',
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
    });
    await waitForHealth(port, cluster);
    const deadline = Date.now() + 90_000;
    const listening = () =>
      cluster
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"listening"')).length;
    while (listening() < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listening()).toBe(2);

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
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
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
