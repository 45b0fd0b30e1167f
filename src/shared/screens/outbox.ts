import * as v from 'valibot';
import { statementTerms, type StatementTerms } from './decisions.ts';

// The contract between the pages and the service worker's outbox (sw/outbox*.ts, ADR 0010).
// Decisions and repair requests made with no network are kept by the worker and sent later with
// the same Idempotency-Key; the page learns about them from the 202 answer below and from messages.
// Lives in src/shared because the page may not import sw/ and the worker may not import the client.

export type DecisionKind = 'approve' | 'reject' | 'discuss' | 'trade-in';
/** The courier's actions on a stop (ADR 0042, 0047): kept and replayed like decisions (src/shared/screens/courier-outbox.ts). */
export type CourierActionKind = 'stop-en-route' | 'stop-done' | 'stop-failed';
export type OutboxKind = DecisionKind | 'repair-request' | CourierActionKind;

/**
 * queued   waiting to be sent (again), not before `nextAttemptAt`
 * sending  on the wire right now; `nextAttemptAt` ends the sender's lease (a worker stopped
 *          mid-request: sent again after it, the key makes it safe)
 * done     the server applied it (or had already): `result` is its JSON
 * conflict 409/422: refused as the user saw it; `result` is the server's JSON with what changed
 * auth     401/403: kept until the user logs in again (a new CSRF token from the page retries it)
 * failed   the server refused it for good (400/404…) or it kept failing too long; retry or discard
 */
export type OutboxState = 'queued' | 'sending' | 'done' | 'conflict' | 'auth' | 'failed';

/** A statement as the user saw it when deciding. */
export interface SeenStatement {
  id: number;
  version: number;
  /**
   * Its cost, status and decision then (from SEEN_TERMS_HEADER), so a conflict can say what
   * changed. Absent when the page did not send them and in entries kept before they were recorded.
   */
  terms?: Pick<StatementTerms, 'sum' | 'status' | 'agreed'>;
}

/**
 * Header of a decision POST: JSON of the statements' terms (`StatementTerms[]`) as the user saw
 * them. Only the worker reads it, when it keeps the decision (ADR 0010); the server ignores it.
 */
export const SEEN_TERMS_HEADER = 'X-Seen-Terms';

/** Far below the servers' limits for all headers (Node: 16 KB); a bigger batch goes without it. */
const SEEN_TERMS_MAX_LENGTH = 4096;

/** The header for these statements, or none when they would make it too long. */
export function seenTermsHeader(statements: readonly StatementTerms[]): Record<string, string> {
  if (statements.length === 0) return {};
  const value = JSON.stringify(
    statements.map(({ id, version, sum, status, agreed }) => ({ id, version, sum, status, agreed })),
  );
  return value.length <= SEEN_TERMS_MAX_LENGTH ? { [SEEN_TERMS_HEADER]: value } : {};
}

/** How the worker reads the header (ASCII JSON: ids, versions, codes and money strings). */
export const seenTermsHeaderValue = v.pipe(
  v.string(),
  v.maxLength(SEEN_TERMS_MAX_LENGTH),
  v.parseJson(),
  v.array(statementTerms),
);

export interface OutboxEntry {
  id: string;
  /** ms since the epoch; the order of sending. */
  createdAt: number;
  method: 'POST';
  path: string;
  /** The request's JSON body, exactly as the page sent it (a repair request with photos: its `request` part). */
  body: unknown;
  /** A multipart body (a repair request with its photos), sent again byte for byte instead of `body`. */
  raw?: KeptBody;
  /** Made by the page when the user tapped; every replay carries the same one. */
  idempotencyKey: string;
  /** The statements a decision touches; none for a repair request. */
  statements: SeenStatement[];
  /** The decision's ticket; null for a repair request (its ticket is `result.ticket_id` once sent). */
  ticketId: number | null;
  /** The account that made the decision; it is sent only in that account's session (absent in entries of older versions). */
  accountId?: number | null;
  kind: OutboxKind;
  state: OutboxState;
  attempts: number;
  /** ms since the epoch: when queued, not sent before; when sending, the end of the lease; else 0. */
  nextAttemptAt: number;
  /** HTTP status of the last answer; 0 for a network error or timeout; null before any attempt. */
  lastStatus: number | null;
  /** Why the last attempt did not settle it, for the list of waiting decisions (Russian when from the server). */
  lastError: string | null;
  /** The server's JSON when done or conflict. */
  result: unknown;
}

/** How every entry starts: waiting, never tried, nothing heard back. */
export const NEW_ENTRY_STATE = {
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  lastStatus: null,
  lastError: null,
  result: null,
} as const satisfies Partial<OutboxEntry>;

export interface KeptBody {
  contentType: string;
  size: number;
  /** Only inside the worker: the pages are told the size, not sent the photos. */
  bytes?: ArrayBuffer;
}

/** The entry as the pages see it: without the bytes of a kept body. */
export function publicEntry(entry: OutboxEntry): OutboxEntry {
  if (entry.raw?.bytes === undefined) return entry;
  return { ...entry, raw: { contentType: entry.raw.contentType, size: entry.raw.size } };
}

/** Background Sync tag the worker registers when something is queued. */
export const OUTBOX_SYNC_TAG = 'outbox';

export const OUTBOX_QUEUED_MESSAGE = 'Решение сохранено и будет отправлено, когда появится связь';
export const OUTBOX_REQUEST_QUEUED_MESSAGE = 'Заявка сохранена и будет отправлена, когда появится связь';

/** What the worker answers (202) to a decision it kept for later instead of the server's answer. */
export const queuedAnswer = v.object({
  success: v.literal(true),
  queued: v.literal(true),
  message: v.string(),
  outbox_id: v.string(),
});
export type QueuedAnswer = v.InferOutput<typeof queuedAnswer>;

/** Page → worker (postMessage to the registration's active worker); the worker checks them with this. */
export const outboxCommand = v.variant('type', [
  /** Whenever the page has a token (user data, login, logout): the worker sends it with replays. */
  v.object({ type: v.literal('csrf'), token: v.pipe(v.string(), v.nonEmpty()) }),
  /** Whenever the page learns who is logged in (null: nobody): the worker's copies follow that account. */
  v.object({ type: v.literal('account'), id: v.nullable(v.pipe(v.number(), v.integer())) }),
  /**
   * On load, `online` and focus: send what is due now. `online`: the browser is back online, so what
   * waited only for the network is due at once (not after its back-off).
   */
  v.object({ type: v.literal('drain'), online: v.optional(v.boolean()) }),
  /** Answered with `outbox-list` (through the message's port when given, else to the sender). */
  v.object({ type: v.literal('list') }),
  /** The user asks to send a waiting, failed or logged-out entry now. */
  v.object({ type: v.literal('retry'), id: v.string() }),
  /** The user gives the entry up (refused while it is being sent). */
  v.object({ type: v.literal('discard'), id: v.string() }),
]);
export type OutboxCommand = v.InferOutput<typeof outboxCommand>;

/** Worker → pages. */
export type OutboxNotice =
  /** An entry was added or changed state; on `done`, refresh its ticket. */
  | { type: 'outbox'; entry: OutboxEntry }
  | { type: 'outbox-removed'; id: string }
  | { type: 'outbox-list'; entries: OutboxEntry[] };
