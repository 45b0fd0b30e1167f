import type { Context, MiddlewareHandler } from 'hono';
import { reportClientError } from '#shared/api/client-errors.ts';
import { CSRF_HEADER } from '#shared/api/headers.ts';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure, sendFailure } from '#server/lib/api-failure.ts';
import { CSRF_COOKIE } from '#server/middleware/session-cookie.ts';
import { safeEqual } from '#server/services/accounts/tokens.ts';

export const CSRF_FAILED_MESSAGE = 'Сессия устарела. Обновите страницу и попробуйте снова.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * A browser names the page that sent the request in Origin (or at least Referer); it must be the
 * portal itself. Requests with neither (non-browser clients) still need the token.
 */
function sameOrigin(c: Context<AppEnv>): boolean {
  const claimed = c.req.header('origin') ?? c.req.header('referer');
  if (claimed === undefined) return true;
  const origin = originOf(claimed); // 'null' (sandboxed/file pages) parses to null and is refused
  if (origin === null) return false;
  return origin === originOf(c.req.url) || origin === originOf(c.var.deps.config.publicUrl);
}

/**
 * For every state-changing /ajax call: X-CSRF-Token must equal the session's token (logged in)
 * or the `portal_csrf` cookie (logged out, double submit), and the Origin must be ours.
 * Mounted once, after `loadSession()`, on /ajax/* (app.ts). The bearer-authenticated /api/v1 never
 * passes through here.
 */
export function csrfProtection(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // Error reports go by navigator.sendBeacon, which cannot carry a header; they change nothing but
    // the log, so the same-origin check is all they need.
    if (c.req.path === reportClientError.path && sameOrigin(c)) return next();
    const expected = c.var.session?.csrfToken ?? getCookie(c, CSRF_COOKIE);
    const given = c.req.header(CSRF_HEADER);
    if (!expected || !given || !safeEqual(given, expected) || !sameOrigin(c)) {
      return sendFailure(c, new ApiFailure(403, { success: false, message: CSRF_FAILED_MESSAGE }));
    }
    await next();
  };
}
