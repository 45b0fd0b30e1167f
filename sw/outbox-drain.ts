// Sending the kept decisions. One pass goes through the entries in the order they were made and
// sends each due one once, up to MAX_IN_FLIGHT at a time. Entries on one statement go one after
// another in the order they were made (a discuss and then an approve of one quote must reach the
// server in that order), and an unsettled one holds back the later ones on its statements;
// entries on different statements go side by side (the server locks each statement, ADR 0008).
// Only one drain runs at a time; a drain asked for meanwhile runs one more pass afterwards.
import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import type { OutboxEntry, OutboxNotice } from '#shared/screens/outbox.ts';
import { withDeadline, type FetchLike } from './fetch-timeout.ts';
import { backoffDelay } from './outbox-backoff.ts';
import { classifyAnswer, classifyError, readAnswer, type Outcome } from './outbox-classify.ts';
import { isSettled, pruneDone } from './outbox-commands.ts';
import { CSRF_REFRESH_TIMEOUT_MS, type CsrfKeeper } from './outbox-csrf.ts';
import type { OutboxStore } from './outbox-store.ts';

export const SEND_TIMEOUT_MS = 15_000;
/**
 * Entries on the wire at once. A long queue (a clinic deciding a hundred quotes offline) is replayed
 * in seconds instead of one round trip after another, while the browser keeps connections for the
 * page (six per origin over HTTP/1.1) and many phones back online at once do not swamp the server.
 */
export const MAX_IN_FLIGHT = 4;
/**
 * After a week of failures an entry stops retrying by itself and waits for the user (retry or
 * discard): within the server's 8-day idempotency retention (ADR 0006), so any automatic replay
 * still finds its stored answer.
 */
export const MAX_RETRY_AGE_MS = 7 * 24 * 60 * 60_000;
const DONE_RETENTION_MS = 2 * 24 * 60 * 60_000;

export interface DrainDeps {
  store: OutboxStore;
  csrf: CsrfKeeper;
  fetch: FetchLike;
  notify: (notice: OutboxNotice) => void | Promise<void>;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
  /** MAX_IN_FLIGHT unless a test says otherwise. */
  maxInFlight?: number;
}

export interface DrainSummary {
  /** Requests made in this drain (a CSRF refresh's resend counts once more). */
  sent: number;
  /** Entries still waiting to be sent automatically. */
  queued: number;
  /** When the earliest of them is due (ms since the epoch), null when none waits. */
  nextAttemptAt: number | null;
}

export interface Drainer {
  drain(): Promise<DrainSummary>;
}

/** The entry after an attempt's outcome (pure; `now` and `random` as the drain's). */
export function applyOutcome(
  entry: OutboxEntry,
  outcome: Outcome,
  now: number,
  random: () => number = Math.random,
): OutboxEntry {
  const base = { ...entry, lastStatus: outcome.status, nextAttemptAt: 0 };
  switch (outcome.kind) {
    case 'done':
      return { ...base, state: 'done', lastError: null, result: outcome.body };
    case 'conflict':
      return { ...base, state: 'conflict', lastError: outcome.message, result: outcome.body };
    case 'auth':
      return { ...base, state: 'auth', lastError: outcome.message };
    case 'failed':
      return { ...base, state: 'failed', lastError: outcome.message, result: outcome.body };
    case 'retry':
      if (now - entry.createdAt >= MAX_RETRY_AGE_MS) return { ...base, state: 'failed', lastError: outcome.message };
      return {
        ...base,
        state: 'queued',
        lastError: outcome.message,
        nextAttemptAt: now + backoffDelay(entry.attempts, outcome.retryAfterMs, { random }),
      };
  }
}

/** One pass's bookkeeping, shared by its concurrent sends. */
interface PassState {
  sent: number;
  /** The pass's one CSRF refresh, started by the first send whose token was refused. */
  csrfRefresh: Promise<string | null> | null;
}

/** Runs tasks with at most `size` of them at once, the waiting ones in the order they asked. */
function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(task: () => Promise<T>): Promise<T> {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

export function createDrainer(deps: DrainDeps): Drainer {
  const { store, csrf, notify } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const timeoutMs = deps.timeoutMs ?? SEND_TIMEOUT_MS;
  const maxInFlight = deps.maxInFlight ?? MAX_IN_FLIGHT;
  /**
   * How long a claimed ('sending') entry belongs to the drain that claimed it: its attempt, a CSRF
   * refresh and the second attempt, plus a margin. Another drain (a second worker instance during
   * an update) leaves it alone meanwhile; after it, the claimer is taken for stopped and the entry
   * is sent again — safe, the key makes it one decision.
   */
  const leaseMs = 2 * timeoutMs + CSRF_REFRESH_TIMEOUT_MS + 5_000;

  async function attempt(entry: OutboxEntry, token: string | null): Promise<Outcome> {
    const headers: Record<string, string> = {
      'Content-Type': entry.raw?.contentType ?? 'application/json',
      Accept: 'application/json',
      [IDEMPOTENCY_HEADER]: entry.idempotencyKey,
    };
    if (token) headers[CSRF_HEADER] = token;
    // A multipart body (a repair request with its photos) goes again byte for byte, its boundary included.
    const body = entry.raw?.bytes ?? JSON.stringify(entry.body);
    try {
      const answer = await withDeadline(timeoutMs, async (signal) => {
        const init: RequestInit = {
          method: entry.method,
          headers,
          body,
          credentials: 'same-origin',
          cache: 'no-store',
          signal,
        };
        return readAnswer(await deps.fetch(entry.path, init));
      });
      return classifyAnswer(answer, now());
    } catch (error) {
      return classifyError(error);
    }
  }

  /** Sends one entry if it is still due; resolves to the entry as stored afterwards. */
  async function send(id: string, pass: PassState): Promise<OutboxEntry | undefined> {
    // (`as`: the callback assigns it, which control-flow narrowing cannot see.)
    let claimed = null as OutboxEntry | null;
    // A 'sending' entry whose lease is over was left by a worker stopped mid-request.
    await store.change(id, (current) => {
      if ((current.state !== 'queued' && current.state !== 'sending') || current.nextAttemptAt > now()) return null;
      claimed = { ...current, state: 'sending', attempts: current.attempts + 1, nextAttemptAt: now() + leaseMs };
      return claimed;
    });
    const entry = claimed;
    if (entry === null) return store.get(id);

    pass.sent += 1;
    const token = await csrf.current();
    let outcome = await attempt(entry, token);
    // A refused token (a new session since the page last posted one): fetch the current one, once
    // per pass however many sends were refused side by side, and try each once more with it.
    if (outcome.kind === 'auth' && outcome.csrf) {
      pass.csrfRefresh ??= csrf.refresh();
      const fresh = await pass.csrfRefresh;
      if (fresh !== null && fresh !== token) {
        pass.sent += 1;
        outcome = await attempt(entry, fresh);
      }
    }
    const settled = await store.change(id, (current) =>
      current.state === 'sending' ? applyOutcome(current, outcome, now(), random) : null,
    );
    if (settled) await notify({ type: 'outbox', entry: settled });
    return settled;
  }

  async function pass(): Promise<DrainSummary> {
    await pruneDone({ store, notify, now }, DONE_RETENTION_MS);
    const state: PassState = { sent: 0, csrfRefresh: null };
    const inSlot = createSlots(maxInFlight);
    /** Per statement, this pass's latest entry on it: resolves to whether that one is settled. */
    const latestOn = new Map<number, Promise<boolean>>();
    const sends: Promise<boolean>[] = [];
    for (const listed of await store.list()) {
      if (isSettled(listed)) continue;
      const ids = listed.statements.map((statement) => statement.id);
      const earlier = ids.flatMap((statementId) => latestOn.get(statementId) ?? []);
      const settles = (async () => {
        // An earlier entry on one of its statements still unsettled: this one waits behind it.
        if (!(await Promise.all(earlier)).every(Boolean)) return false;
        const after = await inSlot(() => send(listed.id, state));
        return after === undefined || isSettled(after); // discarded meanwhile, or settled now
      })();
      for (const statementId of ids) latestOn.set(statementId, settles);
      sends.push(settles);
    }
    // Every send ends before the pass does (one drain at a time); then the first failure, if any, is thrown.
    for (const result of await Promise.allSettled(sends)) if (result.status === 'rejected') throw result.reason;
    const waiting = (await store.list()).filter((entry) => entry.state === 'queued' || entry.state === 'sending');
    const nextAttemptAt = waiting.length === 0 ? null : Math.min(...waiting.map((entry) => entry.nextAttemptAt));
    return { sent: state.sent, queued: waiting.length, nextAttemptAt };
  }

  let running: Promise<DrainSummary> | null = null;
  let again = false;

  async function loop(): Promise<DrainSummary> {
    const total = { sent: 0 };
    let summary: DrainSummary;
    do {
      again = false;
      summary = await pass();
      total.sent += summary.sent;
    } while (again);
    return { ...summary, sent: total.sent };
  }

  return {
    drain() {
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
