// The page's decision, repair-request and courier POSTs pass through here. The network is tried first with
// a short deadline; when it fails (or the browser knows it is offline, or what answers is not the
// portal — a captive portal's login page) the call is kept in the outbox and the page gets a 202
// "queued". An answer from the portal itself, whatever its status, reaches the page unchanged.
import { CSRF_HEADER, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#shared/api/headers.ts';
import {
  OUTBOX_QUEUED_MESSAGE,
  OUTBOX_REQUEST_QUEUED_MESSAGE,
  SEEN_TERMS_HEADER,
  type KeptBody,
  type OutboxEntry,
  type OutboxKind,
  type QueuedAnswer,
} from '#shared/screens/outbox.ts';
import { isCourierAction, OUTBOX_STOP_QUEUED_MESSAGE } from '#shared/screens/courier-outbox.ts';
import { courierMessages } from '#shared/screens/courier.ts';
import { repairMessages } from '#shared/screens/repair-requests.ts';
import { withDeadline, type FetchLike } from './fetch-timeout.ts';
import { isApiJson, readAnswer } from './outbox-classify.ts';
import { enqueue, hasUnsettledFor, type CommandDeps, type EntryFacts } from './outbox-commands.ts';
import { courierActionKindOf, planCourierAction } from './outbox-courier.ts';
import { decisionKindOf, describeDecision, withSeenTerms } from './outbox-decisions.ts';
import { isRepairRequestCall, planRepairRequest } from './outbox-repair-requests.ts';

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

/** The outbox kind when `request` is a decision or repair-request POST to our own origin. */
export function keptRequestKind(request: Request, origin: string): OutboxKind | null {
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (isRepairRequestCall(request.method, url.pathname)) return 'repair-request';
  return decisionKindOf(request.method, url.pathname) ?? courierActionKindOf(request.method, url.pathname);
}

function jsonResponse(status: number, answer: object): Response {
  return new Response(JSON.stringify(answer), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export function queuedResponse(entry: OutboxEntry): Response {
  const message =
    entry.kind === 'repair-request'
      ? OUTBOX_REQUEST_QUEUED_MESSAGE
      : isCourierAction(entry.kind)
        ? OUTBOX_STOP_QUEUED_MESSAGE
        : OUTBOX_QUEUED_MESSAGE;
  const answer: QueuedAnswer = { success: true, queued: true, message, outbox_id: entry.id };
  return jsonResponse(202, answer);
}

/** What would be kept of the call; null when it is malformed (the server's to refuse, online or not). */
type KeepPlan = { body: unknown; raw?: KeptBody; facts: EntryFacts } | 'too-large' | null;

async function planFor(request: Request, kind: OutboxKind): Promise<KeepPlan> {
  if (kind === 'repair-request') {
    const plan = await planRepairRequest(request);
    return plan === null || plan === 'too-large' ? plan : { ...plan, facts: { ticketId: null, statements: [] } };
  }
  if (isCourierAction(kind)) {
    const plan = await planCourierAction(request, kind);
    if (plan === null || plan === 'too-large') return plan;
    const { statements, ...kept } = plan;
    return { ...kept, facts: { ticketId: null, statements } };
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return null;
  }
  const facts = describeDecision(kind, body);
  if (facts === null) return null;
  // What the user saw goes with the entry, so a later conflict can say what changed since.
  return {
    body,
    facts: { ...facts, statements: withSeenTerms(facts.statements, request.headers.get(SEEN_TERMS_HEADER)) },
  };
}

export async function handleKeptPost(request: Request, kind: OutboxKind, deps: RouteDeps): Promise<Response> {
  const token = request.headers.get(CSRF_HEADER);
  if (token) await deps.rememberToken(token);

  const key = request.headers.get(IDEMPOTENCY_HEADER);
  const plan = await planFor(request, kind);
  if (plan === null || key === null || !IDEMPOTENCY_KEY_PATTERN.test(key)) return deps.fetch(request);

  const keep = async (): Promise<Response> => {
    if (plan === 'too-large') {
      const message = kind === 'repair-request' ? repairMessages.offlinePhotos : courierMessages.offlinePhotos;
      return jsonResponse(413, { success: false, message });
    }
    const { body, raw, facts } = plan;
    const entry = await enqueue(deps, {
      kind,
      path: new URL(request.url).pathname,
      body,
      ...(raw ? { raw } : {}),
      idempotencyKey: key,
      facts,
    });
    await deps.registerSync();
    return queuedResponse(entry);
  };
  const facts = plan === 'too-large' ? { statements: [] } : plan.facts;

  // Per-statement order: a decision must not overtake an earlier one on the same statement still in the outbox.
  if (
    await hasUnsettledFor(
      deps.store,
      facts.statements.map((statement) => statement.id),
    )
  ) {
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
