// The page's decision POSTs pass through here. The network is tried first with a short deadline;
// when it fails (or the browser knows it is offline, or what answers is not the portal — a captive
// portal's login page) the decision is kept in the outbox and the page gets a 202 "queued". An
// answer from the portal itself, whatever its status, reaches the page unchanged.
import { CSRF_HEADER, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#shared/api/headers.ts';
import { OUTBOX_QUEUED_MESSAGE, SEEN_TERMS_HEADER, type OutboxEntry, type OutboxKind, type QueuedAnswer } from '#shared/api/outbox.ts';
import { withDeadline, type FetchLike } from './fetch-timeout.ts';
import { isApiJson, readAnswer } from './outbox-classify.ts';
import { enqueue, hasUnsettledFor, type CommandDeps } from './outbox-commands.ts';
import { decisionKindOf, describeDecision, withSeenTerms } from './outbox-decisions.ts';

/** Shorter than the page's own 15 s, so the page gets the 202 rather than its own timeout. */
export const ONLINE_TRY_TIMEOUT_MS = 8_000;

export interface RouteDeps extends CommandDeps {
  fetch: FetchLike;
  /** Whether the browser believes it is online (navigator.onLine: false is reliable, true is not). */
  isOnline: () => boolean;
  /** The page's own token, seen on its request: the freshest the worker can get. */
  rememberToken: (token: string) => void | Promise<void>;
  /** Something was kept: ask for a Background Sync where the browser has one. */
  registerSync: () => void | Promise<void>;
  /** The server answered, or an earlier decision on these statements waits: send what is due. */
  requestDrain: () => void;
  timeoutMs?: number;
}

/** The decision kind when `request` is one of the four decision POSTs to our own origin. */
export function decisionRequestKind(request: Request, origin: string): OutboxKind | null {
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  return decisionKindOf(request.method, url.pathname);
}

export function queuedResponse(entry: OutboxEntry): Response {
  const answer: QueuedAnswer = { success: true, queued: true, message: OUTBOX_QUEUED_MESSAGE, outbox_id: entry.id };
  return new Response(JSON.stringify(answer), {
    status: 202,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export async function handleDecisionPost(request: Request, kind: OutboxKind, deps: RouteDeps): Promise<Response> {
  const token = request.headers.get(CSRF_HEADER);
  if (token) await deps.rememberToken(token);

  const text = await request.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return deps.fetch(request); // not JSON: the server's refusal is the answer, nothing to keep
  }
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  const facts = describeDecision(kind, body);
  // Malformed decisions are the server's to refuse (400/422 with field errors), online or not.
  if (facts === null || key === null || !IDEMPOTENCY_KEY_PATTERN.test(key)) return deps.fetch(request);

  const keep = async (): Promise<Response> => {
    // What the user saw goes with the entry, so a later conflict can say what changed since.
    const statements = withSeenTerms(facts.statements, request.headers.get(SEEN_TERMS_HEADER));
    const entry = await enqueue(deps, { kind, path: new URL(request.url).pathname, body, idempotencyKey: key, facts: { ...facts, statements } });
    await deps.registerSync();
    return queuedResponse(entry);
  };

  // Per-statement order: a decision must not overtake an earlier one on the same statement still in the outbox.
  if (await hasUnsettledFor(deps.store, facts.statements.map((statement) => statement.id))) {
    const response = await keep();
    deps.requestDrain();
    return response;
  }
  if (!deps.isOnline()) return keep();

  try {
    const { response, answer } = await withDeadline(deps.timeoutMs ?? ONLINE_TRY_TIMEOUT_MS, async (signal) => {
      const response = await deps.fetch(request, { signal });
      return { response, answer: await readAnswer(response.clone()) };
    });
    if (!isApiJson(answer)) return keep();
    deps.requestDrain();
    return response;
  } catch {
    // Network error or our deadline. The server may still have applied it: the replay carries the
    // same key and gets the stored answer instead of a second decision.
    return keep();
  }
}
