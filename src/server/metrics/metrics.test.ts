// GET /metrics (issue 40): closed without the token (absent without the setting), the text format
// with Node's process metrics and the request counters, which move with requests and are labelled
// by route pattern, never by a path with ids in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '#server/db/seed.ts';
import { loginAs } from '../../../tests/setup/accounts.ts';
import { parsePrometheusText, valueOf, type Sample } from '../../../tests/setup/prometheus-text.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { metricsToken: TOKEN } });
});
afterAll(() => t?.close());

async function scrape(): Promise<Sample[]> {
  const response = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` }, cookies: false });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parsePrometheusText(await response.text());
}

describe('GET /metrics', () => {
  it('is closed without the token and absent without the setting', async () => {
    expect((await t.request('/metrics', { cookies: false })).status).toBe(401);
    const wrong = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` }, cookies: false });
    expect(wrong.status).toBe(401);
    const other = await createTestApp();
    try {
      const response = await other.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("has Node's process metrics", async () => {
    const samples = await scrape();
    const names = new Set(samples.map((sample) => sample.name));
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(names).toContain(name);
  });

  it('counts and times requests by route pattern and status class', async () => {
    expect((await loginAs(t, DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200);
    const list = (await (await t.request('/ajax/cabinet/tickets')).json()) as { data: Array<{ id: number }> };
    const id = list.data[0]!.id;
    const pattern = { method: 'GET', route: '/ajax/cabinet/tickets/:id', status_class: '2xx' };
    const before = await scrape();
    expect((await t.request(`/ajax/cabinet/tickets/${id}?tab=history`)).status).toBe(200);
    expect((await t.request(`/ajax/cabinet/tickets/${id}`)).status).toBe(200);
    expect((await t.request('/ajax/no-such-call/12345')).status).toBe(404);
    const after = await scrape();
    expect(
      valueOf(after, 'portal_http_requests_total', pattern) - valueOf(before, 'portal_http_requests_total', pattern),
    ).toBe(2);
    expect(
      valueOf(after, 'portal_http_request_duration_seconds_count', pattern) -
        valueOf(before, 'portal_http_request_duration_seconds_count', pattern),
    ).toBe(2);
    expect(valueOf(after, 'portal_http_requests_total', { status_class: '4xx' })).toBeGreaterThan(0);
    // Only patterns: no id, no query string, no unknown path of its own.
    const routes = new Set(after.filter((sample) => 'route' in sample.labels).map((sample) => sample.labels.route!));
    for (const route of routes) expect(route).not.toMatch(/\d{2,}|\?|no-such-call/);
  });
});
