import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';

/**
 * The caller's address for throttling. The socket's address by default: X-Forwarded-For is set by
 * whoever sends the request, so trusting it without a proxy in front would let anyone pick a fresh
 * IP per attempt. `app.request()` in tests has no socket; those requests are all 'local'.
 */
export function clientIp(c: Context<AppEnv>): string {
  return clientAddress(c, c.var.deps.config.trustProxy);
}

/** clientIp() for a middleware that runs before the request's deps are set (load-shedding.ts). */
export function clientAddress(c: Context, trustProxy: boolean): string {
  // Only behind a known reverse proxy (TRUST_PROXY) may X-Forwarded-For be believed.
  if (trustProxy) {
    // The proxy appends the address it saw; the last entry is the one it vouches for.
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}
