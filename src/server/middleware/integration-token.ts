import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure, sendFailure, UNAUTHORIZED_MESSAGE } from '#server/lib/api-failure.ts';
import { safeEqual } from '#server/services/accounts/tokens.ts';

// The portal's own wording, in Russian like every other message (docs/api.md, integration rules).
const UNAUTHORIZED = new ApiFailure(
  401,
  { success: false, message: UNAUTHORIZED_MESSAGE },
  { 'WWW-Authenticate': 'Bearer' },
);

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** True when `token` is one of the configured ones; every candidate is compared, in constant time. */
export function isIntegrationToken(token: string, configured: readonly string[]): boolean {
  let found = false;
  for (const candidate of configured) {
    // No early exit: the time taken does not say which (or whether an earlier) token matched.
    if (candidate !== '' && safeEqual(token, candidate)) found = true;
  }
  return found;
}

/** Guards /api/v1: a bearer token from INTEGRATION_TOKENS, else 401. No tokens configured: always 401. */
export function requireIntegrationToken(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token === null || !isIntegrationToken(token, c.var.deps.config.integrationTokens)) {
      return sendFailure(c, UNAUTHORIZED);
    }
    await next();
  };
}
