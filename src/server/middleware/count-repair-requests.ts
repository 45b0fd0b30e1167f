import type { MiddlewareHandler } from 'hono';
import { REPLAYED_HEADER } from '#shared/api/headers.ts';
import type { AppEnv } from '#server/context.ts';
import { failureReason, repairRequests } from '#server/metrics/domain.ts';

/**
 * The first guard of a repair request's call: it sees the answer every later step gave — the
 * session, the Idempotency-Key, the input's validation, the handler — so each request is counted
 * once, as sent (a new ticket; a replayed key's answer is not a new one) or failed with its reason.
 */
export function countRepairRequests(who: 'clinic' | 'guest'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status === 200) {
      if (c.res.headers.get(REPLAYED_HEADER) !== 'true') repairRequests.inc({ who, outcome: 'sent', reason: '' });
    } else repairRequests.inc({ who, outcome: 'failed', reason: failureReason(status) });
  };
}
