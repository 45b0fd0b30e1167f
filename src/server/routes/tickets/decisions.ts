import { decisions as decisionsMade } from '#server/metrics/domain.ts';
import { Hono, type Context } from 'hono';
import * as contract from '#shared/screens/decisions.ts';
import type { Endpoint, EndpointOutput, EndpointParsedInput } from '#shared/api/endpoint.ts';
import type { AppEnv } from '#server/context.ts';
import { readPathId, route } from '#server/lib/validate.ts';
import * as decisions from '#server/services/tickets/decisions.ts';
import { requireIdempotencyKey } from '#server/middleware/idempotency-key.ts';
import { loyaltyFor } from '#server/services/loyalty/quote-points.ts';
import { requireSession } from '#server/middleware/session.ts';
import { viewerOf } from '#server/services/access/levels.ts';
import { instrumentDetail, listActiveInstruments } from '#server/services/loyalty/trade-in.ts';
import { callOnce } from '../idempotent-call.ts';

// Decisions on repair quotes and the data their popups need (src/shared/screens/decisions.ts).
// Every decision goes through withIdempotency: one transaction, at most one decision per key.

export const decisionsRoutes = new Hono<AppEnv>();

type Ctx = Context<AppEnv>;

async function decide<E extends Endpoint>(
  c: Ctx,
  endpoint: E,
  input: EndpointParsedInput<E>,
  run: decisions.DecisionCall<E>,
  kind: string,
): Promise<EndpointOutput<E>> {
  const viewer = viewerOf(c);
  const caller = { viewerId: viewer.clientId, viewer, now: c.var.deps.now() };
  const result = await callOnce(c, caller.viewerId, endpoint, input, (tx) => run(tx, caller, input));
  if (!result.replayed) decisionsMade.inc({ kind });
  return result.body as EndpointOutput<E>;
}

const decisionGuards = { before: [requireSession(), requireIdempotencyKey()] };
const readGuards = { before: [requireSession()] };

/** A decision's call, through decide() behind the session and Idempotency-Key guards. */
function decisionRoute<E extends Endpoint>(endpoint: E, run: decisions.DecisionCall<E>, kind: string): void {
  route(decisionsRoutes, endpoint, (c, input) => decide(c, endpoint, input, run, kind), decisionGuards);
}

decisionRoute(contract.approveDefects, decisions.approve, 'approve');
decisionRoute(contract.rejectDefects, decisions.reject, 'reject');
decisionRoute(contract.discussDefect, decisions.discuss, 'discuss');
decisionRoute(contract.tradeInDefect, decisions.tradeIn, 'trade_in');

route(
  decisionsRoutes,
  contract.getDefectLoyalty,
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return {
      success: true,
      ...(await loyaltyFor(c.var.deps.database.db, viewerOf(c), readPathId(c), c.var.deps.now())),
    };
  },
  readGuards,
);

route(
  decisionsRoutes,
  contract.listTradeInInstruments,
  async (c) => ({ success: true, data: await listActiveInstruments(c.var.deps.database.db) }),
  readGuards,
);

route(
  decisionsRoutes,
  contract.getTradeInInstrument,
  async (c) => ({ success: true, instrument: await instrumentDetail(c.var.deps.database.db, readPathId(c)) }),
  readGuards,
);
