import type { Context } from 'hono';
import type { ErrorResponse } from '#shared/api/endpoint.ts';

export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 431 | 502 | 503;

/**
 * An expected refusal (bad input, wrong code, throttled…): services throw it and `route()` turns
 * it into the spec's `{ success: false, message, errors }`. Thrown inside a transaction it also
 * rolls the transaction back, which is how "nothing written on failure" holds.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: FailureStatus,
    readonly body: ErrorResponse,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiFailure';
  }
}

export const BAD_REQUEST_MESSAGE = 'Некорректный запрос';
export const UNAUTHORIZED_MESSAGE = 'Требуется авторизация';

/** 422 with one field's message, also used as the top-level message (what the client shows first). */
export function fieldFailure(field: string, message: string, status: FailureStatus = 422): ApiFailure {
  return new ApiFailure(status, { success: false, message, errors: { [field]: [message] } });
}

export const NOT_FOUND_MESSAGE = 'Не найдено';

/** What an unknown record, and one the caller may not see, both answer. */
export function notFound(): ApiFailure {
  return new ApiFailure(404, { success: false, message: NOT_FOUND_MESSAGE });
}

export function badRequest(message: string = BAD_REQUEST_MESSAGE): ApiFailure {
  return new ApiFailure(400, { success: false, message });
}

export function unauthorized(message: string = UNAUTHORIZED_MESSAGE): ApiFailure {
  return new ApiFailure(401, { success: false, message });
}

export function payloadTooLarge(message: string = 'Слишком большой запрос'): ApiFailure {
  return new ApiFailure(413, { success: false, message });
}

/** 429 with `Retry-After` in whole seconds. */
export function tooManyRequests(message: string, retryAfterSeconds: number): ApiFailure {
  return new ApiFailure(
    429,
    { success: false, message },
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
}

export function sendFailure(c: Context, failure: ApiFailure): Response {
  for (const [name, value] of Object.entries(failure.headers)) c.header(name, value);
  return c.json(failure.body, failure.status);
}
