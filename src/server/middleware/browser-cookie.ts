import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '#server/context.ts';
import { randomToken, TOKEN_PATTERN } from '#server/services/accounts/tokens.ts';

// A random token in an HttpOnly cookie naming one browser to the e-mailed codes asked for without an
// account (the guest wizard's, registration's): a code is bound to the browser that asked for it, and
// the per-address limits count per browser too, so a stranger's requests for someone's address spend
// the stranger's allowance, not the owner's. Nothing is stored but the token's hash with the code.

/** A day: longer than any form takes to fill in. */
const BROWSER_COOKIE_SECONDS = 24 * 60 * 60;

export interface BrowserCookie {
  name: string;
  /** The paths that need it, and only they get it. */
  path: string;
}

/** The token the request's cookie carries; null when there is none or it is not one of ours. */
export function browserTokenOf(c: Context<AppEnv>, cookie: BrowserCookie): string | null {
  const token = getCookie(c, cookie.name) ?? '';
  return TOKEN_PATTERN.test(token) ? token : null;
}

/** The browser's token, made now when it has none (a resend keeps the first, so the code stays this browser's). */
export function ensureBrowserToken(c: Context<AppEnv>, cookie: BrowserCookie): string {
  const token = browserTokenOf(c, cookie) ?? randomToken();
  setCookie(c, cookie.name, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: cookie.path,
    secure: c.var.deps.config.secure,
    maxAge: BROWSER_COOKIE_SECONDS,
  });
  return token;
}
