// METRICS_PORT with one process (issue 40): GET /metrics without a token on 127.0.0.1, counting the
// requests the main port served; the main port's /metrics stays absent without METRICS_TOKEN.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/setup/free-port.ts';
import { parsePrometheusText, valueOf } from '../../tests/setup/prometheus-text.ts';
import { killServers, start, waitForHealth } from '../../tests/setup/server-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'metrics-port-test-'));

afterAll(() => {
  killServers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('METRICS_PORT', () => {
  it('serves the metrics on 127.0.0.1 without a token', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = start({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '0', METRICS_PORT: String(metricsPort) });
    await waitForHealth(port, server);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    const samples = parsePrometheusText(await response.text());
    expect(valueOf(samples, 'portal_http_requests_total', { route: '/healthz' })).toBeGreaterThanOrEqual(1);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
