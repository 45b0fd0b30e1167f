import type { MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '#shared/api/headers.ts';
import type { AppEnv } from '#server/context.ts';
import { badRequest, sendFailure } from '#server/lib/api-failure.ts';

// The header check of the idempotent calls (DESIGN.md §Offline design, ADR 0006); what a key
// does once accepted is services/idempotency.ts's.

export const KEY_INVALID_MESSAGE = `Не передан или неверен заголовок ${IDEMPOTENCY_HEADER}: от 8 до 200 символов A–Z, a–z, 0–9, _ - : .`;

/** 400 before the body is read when the header is missing or malformed. Mount after requireSession(). */
export function requireIdempotencyKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER)) === null)
      return sendFailure(c, badRequest(KEY_INVALID_MESSAGE));
    await next();
  };
}
