import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { routeOf } from '#server/lib/route-pattern.ts';
import { httpDuration, httpRequests } from '#server/metrics/registry.ts';

/** Known methods as they are; anything else one label, so a scanner's verbs make no new series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Counts and times every answered request by its route pattern (never the path: ids would make a series each). */
export function requestMetrics(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const values = {
      method: METHODS.has(c.req.method) ? c.req.method : 'OTHER',
      route: routeOf(c),
      status_class: `${Math.floor(c.res.status / 100)}xx`,
    };
    httpRequests.inc(values);
    httpDuration.observe(values, seconds);
  };
}
