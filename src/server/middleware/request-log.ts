import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { AppEnv } from '#server/context.ts';
import { redactPath } from '#server/lib/logger.ts';
import { routeOf } from '#server/lib/route-pattern.ts';
import { requestContext } from '#server/lib/request-context.ts';

/**
 * An id for every request (X-Request-Id: a proxy's, when it sent a plausible one, else a new UUID),
 * answered in the header and stamped on every log line written while the request runs.
 */
export function requestIdentity(): MiddlewareHandler<AppEnv>[] {
  return [requestId({ limitLength: 64 }), (c, next) => requestContext.run({ requestId: c.var.requestId }, next)];
}

/**
 * One line per request: method, route pattern, path (no query string: it may carry reset tokens;
 * long opaque segments hidden), status, duration; a 5xx carries the error that caused it, with its
 * stack. Headers and bodies are never logged, so cookies, passwords and tokens cannot leak here.
 */
export function requestLogger(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const fields = { method: c.req.method, route: routeOf(c), path: redactPath(c.req.path), status, ms };
    const log = c.var.deps.log;
    if (status >= 500) log.error('request', { ...fields, error: c.var.error });
    else log.info('request', fields);
  };
}
