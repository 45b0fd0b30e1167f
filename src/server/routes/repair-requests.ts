import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '#shared/api/headers.ts';
import { createRepairRequest, uploadRepairPhoto } from '#shared/api/repair-requests.ts';
import { Hono } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { requireIdempotencyKey, storedFailure, withIdempotency } from '#server/services/idempotency.ts';
import { uploadRepairPhoto as savePhoto } from '#server/services/repair-photos.ts';
import { createRepairRequest as createRequest } from '#server/services/repair-requests.ts';
import { REPLAYED_HEADER } from './decisions.ts';

// Repair requests made in the portal (src/shared/api/repair-requests.ts): photos first, then the
// request under an Idempotency-Key, so that a request sent again (a retry, the worker's outbox) is
// one ticket.

export const repairRequestRoutes = new Hono<AppEnv>();

route(
  repairRequestRoutes,
  uploadRepairPhoto,
  async (c) => ({ success: true, ...(await savePhoto(c.var.deps, sessionOf(c).clientId, c.req.raw)) }),
  { before: [requireSession()] },
);

route(
  repairRequestRoutes,
  createRepairRequest,
  async (c, input) => {
    const { deps } = c.var;
    const caller = { viewerId: sessionOf(c).clientId, now: deps.now() };
    const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER)) ?? '';
    const request = { method: createRepairRequest.method, path: createRepairRequest.path, body: input };
    const result = await withIdempotency(deps, caller.viewerId, key, request, (tx) => createRequest(tx, caller, input));
    if (result.replayed) c.header(REPLAYED_HEADER, 'true');
    if (result.status !== 200) throw storedFailure(result);
    return result.body as { success: true; ticket_id: number };
  },
  { before: [requireSession(), requireIdempotencyKey()] },
);
