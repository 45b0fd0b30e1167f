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

export const reportClientError = defineEndpoint({
  method: 'POST',
  path: '/ajax/client-errors',
  input: clientErrorReport,
  output: okResponse({}),
});
