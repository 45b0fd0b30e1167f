import { idempotentReplays } from '#server/metrics/domain.ts';
import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/schema/platform.ts';
import { ApiFailure, type FailureStatus } from '#server/lib/api-failure.ts';
import { lockClient } from '#server/db/client-lock.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { DAY_MS } from '#shared/durations.ts';

// Idempotency keys of decision calls (DESIGN.md §Offline design, ADR 0006). The service worker
// replays an offline decision until it gets an answer; whatever the number of replays, one
// decision is written and every replay gets the first answer.

/** Longer than any outbox entry lives in the browser (DESIGN.md: at least 8 days). */
export const IDEMPOTENCY_RETENTION_MS = 8 * DAY_MS;
/** Share of writes that also prune expired keys: cheap, and the table never grows without bound. */
const PRUNE_PROBABILITY = 0.01;

export const KEY_REUSED_MESSAGE = 'Ключ идемпотентности уже использован для другого запроса';

/**
 * Refusals that are the outcome of the decision itself (the quote changed, already decided, too
 * many points): stored, so a replay sees the same refusal. 401/404/429/5xx are not: they depend
 * on the moment (session, access, load) and a later replay may rightly succeed.
 */
const STORED_FAILURES: ReadonlySet<number> = new Set([409, 422]);

/** A stored status before the answer is known; only ever seen inside the transaction that wrote it. */
const PENDING_STATUS = 0;

export interface IdempotentRequest {
  method: string;
  /** The endpoint's path pattern, not the URL: one call, one key space. */
  path: string;
  /** The validated input: equal inputs are one request whatever their key order or spacing. */
  body: unknown;
}

export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** True when this is a stored answer to an earlier request with the key. */
  replayed: boolean;
}

/** JSON with object keys sorted at every level, so the hash does not depend on key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: IdempotentRequest): string {
  return sha256(`${request.method.toUpperCase()} ${request.path}\n${canonicalJson(request.body)}`);
}

/**
 * Runs `run` at most once per (client, key), in one transaction with the stored answer:
 * 1. the client row is locked first, so all decision calls of one client queue up here (and no
 *    later lock of that row in the transaction can deadlock against a foreign-key check);
 * 2. the key is claimed by inserting it; if it exists the stored answer is returned (or 422 when
 *    the body differs) and nothing else is written. On PostgreSQL a concurrent duplicate waits on
 *    the primary key until the first commits, then finds its row;
 * 3. `run` works inside a savepoint: a stored refusal (409/422) rolls back its writes but keeps
 *    the key with the refusal; any other error rolls back everything, the key included.
 */
export async function withIdempotency(
  deps: AppDeps,
  clientId: number,
  key: string,
  request: IdempotentRequest,
  run: (tx: Tx) => Promise<unknown>,
): Promise<IdempotentAnswer> {
  const hash = requestHash(request);
  const now = deps.now();
  const answer = await deps.database.db.transaction(async (tx): Promise<IdempotentAnswer> => {
    await lockClient(tx, clientId);
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ clientId, key, requestHash: hash, status: PENDING_STATUS, response: {}, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return storedAnswer(tx, clientId, key, hash);

    let status: number;
    let body: unknown;
    try {
      body = await tx.transaction((savepoint) => run(savepoint));
      status = 200;
    } catch (error) {
      if (!(error instanceof ApiFailure) || !STORED_FAILURES.has(error.status)) throw error;
      status = error.status;
      body = error.body;
    }
    await tx
      .update(idempotencyKeys)
      .set({ status, response: body as object })
      .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, key)));
    return { status, body, replayed: false };
  });
  // An outbox's repeat of a call already answered (a lost answer, a retry after a timeout).
  if (answer.replayed) idempotentReplays.inc({ call: `${request.method.toUpperCase()} ${request.path}` });
  if (!answer.replayed && Math.random() < PRUNE_PROBABILITY) {
    pruneIdempotencyKeys(deps.database.db, now).catch((error: unknown) =>
      deps.log.warn('idempotency key pruning failed', { error }),
    );
  }
  return answer;
}

async function storedAnswer(tx: Tx, clientId: number, key: string, hash: string): Promise<IdempotentAnswer> {
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, key)))
    .limit(1);
  // Only if pruned between the insert and this read, i.e. a key older than the retention: a 500 the client retries.
  if (!stored) throw new Error('idempotency key vanished while being read');
  if (stored.requestHash !== hash) throw new ApiFailure(422, { success: false, message: KEY_REUSED_MESSAGE });
  return { status: stored.status, body: stored.response, replayed: true };
}

/** Deletes keys older than the retention; never a younger one. Returns how many went. */
export async function pruneIdempotencyKeys(db: Db | Tx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** A stored refusal as the failure to send again. */
export function storedFailure(answer: IdempotentAnswer): ApiFailure {
  return new ApiFailure(answer.status as FailureStatus, answer.body as ConstructorParameters<typeof ApiFailure>[1]);
}
