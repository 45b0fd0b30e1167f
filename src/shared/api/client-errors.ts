import * as v from 'valibot';
import { defineEndpoint, okResponse } from './endpoint.ts';

// Errors that happen on a user's phone (page or service worker), reported so that they can be found
// in the server's log. Sent with navigator.sendBeacon (no CSRF header, no session needed); every
// field is capped so that a report can never be large.

export const CLIENT_ERROR_LIMITS = { message: 1_000, stack: 8_000, url: 2_000, source: 40, release: 100 } as const;
/** The whole request body, in bytes: larger ones are refused before they are parsed. */
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;

const capped = (max: number) => v.pipe(v.string(), v.maxLength(max, `Не более ${max} символов`));

export const clientErrorReport = v.object({
  /** Where it happened: 'window', 'promise', 'render', 'console', 'worker'. */
  source: v.pipe(v.string(), v.regex(/^[a-z-]{1,40}$/, 'Некорректный источник')),
  message: capped(CLIENT_ERROR_LIMITS.message),
  stack: v.optional(capped(CLIENT_ERROR_LIMITS.stack)),
  /** The page (or the worker's script) address, without its query string. */
  url: v.optional(capped(CLIENT_ERROR_LIMITS.url)),
  /** The build that ran, when known. */
  release: v.optional(capped(CLIENT_ERROR_LIMITS.release)),
});
export type ClientErrorReport = v.InferOutput<typeof clientErrorReport>;

/** The path alone, for the reporters (the page's and the worker's): the schema need not ride with them. */
export const CLIENT_ERRORS_PATH = '/ajax/client-errors';

export const reportClientError = defineEndpoint({
  method: 'POST',
  path: CLIENT_ERRORS_PATH,
  input: clientErrorReport,
  output: okResponse({}),
});

/** Where a report comes from; the schema accepts any such word, these are the ones we send. */
export type ClientErrorSource = 'window' | 'promise' | 'render' | 'caught' | 'worker' | 'repair-request';

/** What each browser's fetch rejects with when there is no network (Chrome, Firefox, Safari). */
const NETWORK_FAILURE =
  /^(?:Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|The network connection was lost\.?|network error)$/i;

/**
 * A failure the network explains (offline, a dropped connection, our own deadline's abort): expected
 * on a phone and handled where it happens, so not a bug to report.
 */
export function isExpectedNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException))) return false;
  const { name, message } = error as Error;
  return (name === 'TypeError' && NETWORK_FAILURE.test(message)) || name === 'AbortError' || name === 'TimeoutError';
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Any thrown value as a report that fits the limits, for the page and the worker alike. The address
 * loses its query and fragment: a reset code or a search must not travel into the log.
 */
export function describeClientError(source: ClientErrorSource, error: unknown, url: string): ClientErrorReport {
  const message =
    error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : safeJson(error);
  const stack = error instanceof Error && error.stack ? cut(error.stack, CLIENT_ERROR_LIMITS.stack) : undefined;
  return {
    source,
    message: cut(message || 'Unknown error', CLIENT_ERROR_LIMITS.message),
    stack,
    url: cut(url.replace(/[?#].*$/s, ''), CLIENT_ERROR_LIMITS.url),
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
