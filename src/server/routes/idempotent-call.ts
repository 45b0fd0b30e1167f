import type { Context } from 'hono';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, REPLAYED_HEADER } from '#shared/api/headers.ts';
import type { AppEnv } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { storedFailure, withIdempotency, type IdempotentRequest } from '#server/services/idempotency.ts';

// The HTTP side of an idempotent call (ADR 0006) that the courier's actions, the decisions on quotes
// and the clinic's repair requests share: the key from the header, the replay marked for the
// service worker, a stored refusal sent again.

export interface IdempotentCallAnswer<Body> {
  body: Body;
  /** The stored answer of an earlier request with this key: nothing was written now. */
  replayed: boolean;
}

/**
 * Runs `run` at most once per the request's Idempotency-Key for `clientId` on `endpoint`; `identity`
 * is what makes two sends one (the validated input, and the photos' contents when sent along). Mount
 * behind requireIdempotencyKey(), which has already refused a missing or malformed key.
 */
export async function callOnce<Body>(
  c: Context<AppEnv>,
  clientId: number,
  endpoint: Pick<IdempotentRequest, 'method' | 'path'>,
  identity: unknown,
  run: (tx: Tx) => Promise<Body>,
): Promise<IdempotentCallAnswer<Body>> {
  const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER)) ?? '';
  const request = { method: endpoint.method, path: endpoint.path, body: identity };
  const result = await withIdempotency(c.var.deps, clientId, key, request, run);
  if (result.replayed) c.header(REPLAYED_HEADER, 'true');
  if (result.status !== 200) throw storedFailure(result);
  return { body: result.body as Body, replayed: result.replayed };
}
