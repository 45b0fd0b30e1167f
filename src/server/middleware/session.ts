import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, SessionInfo } from '#server/context.ts';
import { sendFailure, unauthorized } from '#server/lib/api-failure.ts';
import { readSession } from '#server/middleware/session-cookie.ts';

/** Loads `c.var.session` from the session cookie. Mounted once, on /ajax/* (app.ts). */
export function loadSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('session', await readSession(c));
    await next();
  };
}

/** 401 for a logged-out caller, before the body is even read. */
export function requireSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.session) return sendFailure(c, unauthorized());
    await next();
  };
}

/** The caller's session where `requireSession()` guards the route; a 401 should it ever be missing. */
export function sessionOf(c: Context<AppEnv>): SessionInfo {
  const session = c.var.session;
  if (!session) throw unauthorized();
  return session;
}
