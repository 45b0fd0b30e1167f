import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { metricsText } from './cluster.ts';
import { watchDatabase } from './state.ts';

/** Constant-time, so the token cannot be guessed a character at a time from answer times. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Prometheus text format of this process, or of all the workers summed (metrics/cluster.ts). */
export async function metricsAnswer(): Promise<Response> {
  const { contentType, text } = await metricsText();
  return new Response(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
}

/**
 * GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`. Without the setting the path does not
 * exist (404, as any unknown path); with it, a missing or wrong token is a 401.
 */
export function metricsRoute(token: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    if (token === undefined) return next();
    const header = c.req.header('authorization') ?? '';
    const given = /^Bearer (.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (!sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.text('Unauthorized', 401);
    }
    // The gauges read from a database: the one of the app asked, should a process hold several (tests).
    watchDatabase(c.var.deps.database, c.var.deps.now);
    return metricsAnswer();
  };
}
