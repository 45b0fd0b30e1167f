// The process's Prometheus metrics (issue 40): one registry per process, read at GET /metrics
// (metrics/route.ts) or summed over the workers (metrics/cluster.ts). Labels hold route patterns,
// outcomes, rule and channel names — never a user's e-mail, id or address.
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
// Node's own: CPU, memory, event loop lag, handles, GC (prefixed process_ and nodejs_).
collectDefaultMetrics({ register: registry });

/** Seconds: most answers take a few ms; the tail past 1 s is what an alert looks at. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const labels = ['method', 'route', 'status_class'] as const;

export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'Requests answered, by method, route pattern and status class (2xx, 4xx, 5xx …).',
  labelNames: labels,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from the request reaching the app to its answer, by method, route pattern and status class.',
  labelNames: labels,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});
