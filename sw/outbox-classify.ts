// What a replay's answer means for the outbox entry (DESIGN.md §Offline design, ADR 0006/0010).
// Classified, never assumed: only the API's own JSON counts as an answer from the portal; anything
// else (a captive portal's HTML 200, a proxy's 502 page) means the server was not reached.
import * as v from 'valibot';
import { errorResponse, isAccessLevelRefusal } from '#shared/api/endpoint.ts';

/** A response reduced to what the classification looks at (read by `readAnswer`). */
export interface Answer {
  status: number;
  contentType: string | null;
  /** The parsed JSON body; undefined when it is not JSON or does not parse. */
  body: unknown;
  retryAfter: string | null;
}

export type Outcome =
  /** Applied (or had been: a stored replay answer). */
  | { kind: 'done'; status: number; body: unknown }
  /** 409/422: refused as the user saw it; `body` carries the message and what changed. */
  | { kind: 'conflict'; status: number; body: unknown; message: string }
  /** 401/403: wait for a new login; `csrf` when the token itself was refused (403). */
  | { kind: 'auth'; status: number; message: string; csrf: boolean }
  /** Other 4xx of the API (400, 404, 413): sending it again unchanged cannot help on its own. */
  | { kind: 'failed'; status: number; body: unknown; message: string }
  /** The moment's trouble: 5xx, 429, network, timeout, not the API's answer. 0 = no response. */
  | { kind: 'retry'; status: number; message: string; retryAfterMs: number | null };

export const outcomeMessages = {
  network: 'Нет связи с сервером',
  timeout: 'Сервер не ответил вовремя',
  notApi: 'Ответ пришёл не от сервера портала (возможно, сеть требует входа)',
  server: 'Сервер временно недоступен',
  tooMany: 'Слишком много запросов, отправим позже',
  auth: 'Войдите снова, чтобы отправить решение',
  refused: 'Сервер не принял решение',
  conflict: 'Решение не принято сервером',
} as const;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const successBody = v.object({ success: v.literal(true) });

/** The API's `{success: true, …}`: applied (the outbox), worth keeping (the ticket cache). */
export function isSuccessBody(body: unknown): boolean {
  return v.is(successBody, body);
}

/** The portal's JSON envelope: JSON content type and `{success: true, …}` or `{success: false, message?, errors?}`. */
export function isApiJson(answer: Answer): boolean {
  if (answer.contentType === null || !JSON_TYPE.test(answer.contentType.trim())) return false;
  return isSuccessBody(answer.body) || v.is(errorResponse, answer.body);
}

function serverMessage(body: unknown, fallback: string): string {
  const parsed = v.safeParse(errorResponse, body);
  return parsed.success && parsed.output.message ? parsed.output.message : fallback;
}

/** Retry-After as delta-seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its weekday and month ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse alone would take "-5" for a year.
  const date = /[A-Za-z]/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

export function classifyAnswer(answer: Answer, now: number): Outcome {
  const { status, body } = answer;
  const retryAfterMs = parseRetryAfter(answer.retryAfter, now);
  if (!isApiJson(answer)) return { kind: 'retry', status, message: outcomeMessages.notApi, retryAfterMs };
  if (status >= 200 && status < 300) {
    // A 2xx saying success: false is no answer this API gives; do not count it as applied.
    if (isSuccessBody(body)) return { kind: 'done', status, body };
    return { kind: 'retry', status, message: serverMessage(body, outcomeMessages.server), retryAfterMs };
  }
  if (status === 409 || status === 422)
    return { kind: 'conflict', status, body, message: serverMessage(body, outcomeMessages.conflict) };
  // The owner lowered the colleague's access while the decision waited (ADR 0049): the server said
  // why; sending it again cannot help, and a new login would not either. Shown like a conflict.
  if (status === 403 && isAccessLevelRefusal(body))
    return { kind: 'conflict', status, body, message: serverMessage(body, outcomeMessages.conflict) };
  if (status === 401 || status === 403)
    return { kind: 'auth', status, message: serverMessage(body, outcomeMessages.auth), csrf: status === 403 };
  if (status === 429)
    return { kind: 'retry', status, message: serverMessage(body, outcomeMessages.tooMany), retryAfterMs };
  if (status >= 500)
    return { kind: 'retry', status, message: serverMessage(body, outcomeMessages.server), retryAfterMs };
  if (status >= 400) return { kind: 'failed', status, body, message: serverMessage(body, outcomeMessages.refused) };
  // 1xx/3xx never reach a fetch() caller as an API answer; treat as not reached.
  return { kind: 'retry', status, message: outcomeMessages.notApi, retryAfterMs };
}

/** No response at all: the network failed or our timeout aborted the request. */
export function classifyError(error: unknown): Outcome {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const timedOut = name === 'AbortError' || name === 'TimeoutError';
  return {
    kind: 'retry',
    status: 0,
    message: timedOut ? outcomeMessages.timeout : outcomeMessages.network,
    retryAfterMs: null,
  };
}

/** Reads a response once (clone it first when it is also passed on). */
export async function readAnswer(response: Response): Promise<Answer> {
  const contentType = response.headers.get('content-type');
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined; // not JSON (or the body broke off): isApiJson() says no
  }
  return { status: response.status, contentType, body, retryAfter: response.headers.get('retry-after') };
}
