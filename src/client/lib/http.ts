import ky, { HTTPError, TimeoutError } from 'ky';
import * as v from 'valibot';
import { getUserData } from '#shared/api/account.ts';
import {
  errorResponse,
  isAccessLevelRefusal,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
} from '#shared/api/endpoint.ts';
import { CSRF_HEADER } from '#shared/api/headers.ts';
import { cachedAtOf } from '#shared/api/ticket-cache.ts';
import { reportServerReached } from './connection.ts';
import { reportError } from './error-reporter.ts';
import { takeHeadStart } from './head-start.ts';
import { sendCsrfToWorker } from './sw-bridge.ts';

// The app's fallback texts, for when the server said nothing we can show.
const NETWORK_MESSAGE = 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.';
const SERVER_MESSAGE = 'Сервер временно недоступен. Попробуйте позже.';
/** A bug of ours (not an answer of the server's): the user sees this, the error goes to the log. */
export const UNEXPECTED_MESSAGE = 'Что-то пошло не так. Попробуйте ещё раз.';
/** The same, where data was being loaded. */
export const LOAD_FAILED_MESSAGE = 'Не удалось загрузить данные. Попробуйте ещё раз.';

let csrfToken = '';

/** The CSRF token comes with the user data (the shell is cached, so no meta tag can carry it). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
  // The service worker's outbox sends kept decisions with it (ADR 0010).
  if (token) sendCsrfToWorker(token);
}

const REQUEST_TIMEOUT_MS = 15_000;
/** Marks the one resend after a refused CSRF token, so a second refusal is final. */
const CSRF_RETRY_HEADER = 'X-CSRF-Retry';
let pendingToken: Promise<void> | null = null;

/**
 * Gets a CSRF token from the user data. A tap can be faster than the start-up user data (a slow
 * network, a cold server), and a token can go stale (another tab logged in or out): the write then
 * waits for a fresh token instead of failing.
 */
function fetchCsrfToken(): Promise<void> {
  pendingToken ??= ky
    .get(getUserData.path, { credentials: 'same-origin', timeout: REQUEST_TIMEOUT_MS })
    .json()
    .then((body) => {
      const parsed = v.safeParse(getUserData.output, body);
      if (parsed.success) setCsrfToken(parsed.output.csrf_token);
    })
    .catch(() => {})
    .finally(() => {
      pendingToken = null;
    });
  return pendingToken;
}

/** The one ky instance of the app. */
export const http = ky.create({
  credentials: 'same-origin',
  timeout: REQUEST_TIMEOUT_MS,
  retry: { limit: 1, methods: ['get'] },
  hooks: {
    beforeRequest: [
      async (request) => {
        // A read may already be on its way (head-start.ts): its answer is this request's.
        if (request.method === 'GET') return takeHeadStart(request);
        if (!csrfToken) await fetchCsrfToken();
        if (csrfToken) request.headers.set(CSRF_HEADER, csrfToken);
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        // A 403 is a refused CSRF token (refresh it and send the write once more), or a colleague's level
        // that does not give the call (issue 41): the token was fine, and sent again it is refused again.
        if (response.status !== 403 || request.method === 'GET' || request.headers.has(CSRF_RETRY_HEADER)) return;
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        if (isAccessLevelRefusal(body)) return;
        const refused = request.headers.get(CSRF_HEADER) ?? '';
        if (csrfToken === refused) {
          csrfToken = '';
          await fetchCsrfToken();
        }
        if (!csrfToken) return;
        request.headers.set(CSRF_HEADER, csrfToken);
        request.headers.set(CSRF_RETRY_HEADER, '1');
        return ky(request, { credentials: 'same-origin', timeout: REQUEST_TIMEOUT_MS, retry: 0 });
      },
    ],
  },
});

/** A failed call, with the server's Russian message and field errors when it sent them. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string[]> = {},
    /** The refusal's machine-readable context (e.g. a 409's current state), parsed by whoever expects it. */
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * Asking again cannot change the answer: the server refused (a used link, a record gone), unlike a
   * network failure, a 5xx, a timeout (408), too early (425) or too many requests (429).
   */
  get final(): boolean {
    return this.status >= 400 && this.status < 500 && ![408, 425, 429].includes(this.status);
  }

  /** The first message for a field, for showing under that input. */
  field(name: string): string | undefined {
    return this.fieldErrors[name]?.[0];
  }
}

/**
 * Any thrown value as an ApiError: the calls throw them; anything else is a bug, reported to the
 * server and shown with the fallback text.
 */
export function asApiError(error: unknown, fallback: string = UNEXPECTED_MESSAGE): ApiError {
  if (error instanceof ApiError) return error;
  reportError('caught', error);
  return new ApiError(fallback, 0);
}

/** An endpoint's path with its `:name` parameters filled in, as every call sends it. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
    reportServerReached(true);
    const body: unknown = await error.response.json().catch(() => undefined);
    const parsed = v.safeParse(errorResponse, body);
    if (parsed.success) {
      const firstFieldMessage = Object.values(parsed.output.errors ?? {})[0]?.[0];
      return new ApiError(
        parsed.output.message ?? firstFieldMessage ?? SERVER_MESSAGE,
        error.response.status,
        parsed.output.errors,
        parsed.output.details,
      );
    }
    return new ApiError(SERVER_MESSAGE, error.response.status);
  }
  if (error instanceof TimeoutError || error instanceof TypeError) {
    reportServerReached(false);
    return new ApiError(NETWORK_MESSAGE, 0);
  }
  return new ApiError(SERVER_MESSAGE, 0);
}

/** What a call sends: the endpoint's input (JSON, or the query for GET), path parameters, extra headers. */
export interface CallOptions<E extends Endpoint> {
  input?: EndpointInput<E>;
  /** A multipart body instead of `input` (uploads); such calls get a minute, for slow networks. */
  form?: FormData;
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Aborts the request (a screen no longer wants the answer: lib/use-remote.ts). */
  signal?: AbortSignal;
}

const UPLOAD_TIMEOUT_MS = 60_000;

/** Calls an endpoint from `#shared/api` and parses the answer with its output schema. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<EndpointOutput<E>> {
  return (await callApiWithAge(endpoint, options)).output;
}

/**
 * Like callApi, and says whether the answer is the service worker's saved copy (sw/ticket-cache.ts,
 * ADR 0011): `cachedAt` is then when that copy came from the server (ms since the epoch), else null.
 */
export async function callApiWithAge<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<{ output: EndpointOutput<E>; cachedAt: number | null }> {
  const { body, cachedAt } = await fetchAnswer(endpoint, options);
  return { output: parseOutput(endpoint, body, cachedAt), cachedAt };
}

/**
 * Like callApi, but an answer matching `first` (checked before the endpoint's output) is handed
 * back as `{ first }`: e.g. the service worker's 202 "queued" answer to a decision (ADR 0010).
 */
export async function callApiOr<E extends Endpoint, S extends v.GenericSchema>(
  endpoint: E,
  { first, ...options }: CallOptions<E> & { first: S },
): Promise<{ first: v.InferOutput<S>; output?: undefined } | { first?: undefined; output: EndpointOutput<E> }> {
  const { body, cachedAt } = await fetchAnswer(endpoint, options);
  // The worker's own answer, not the server's: it says nothing about the connection.
  const early = v.safeParse(first, body);
  if (early.success) return { first: early.output };
  return { output: parseOutput(endpoint, body, cachedAt) };
}

/** The endpoint's output, or the generic server failure; a good answer tells whether the server was reached. */
function parseOutput<E extends Endpoint>(endpoint: E, body: unknown, cachedAt: number | null): EndpointOutput<E> {
  const parsed = v.safeParse(endpoint.output, body);
  if (!parsed.success) throw new ApiError(SERVER_MESSAGE, 200);
  reportServerReached(cachedAt === null);
  return parsed.output as EndpointOutput<E>;
}

async function fetchAnswer<E extends Endpoint>(
  endpoint: E,
  { input, form, params, headers, signal }: CallOptions<E>,
): Promise<{ body: unknown; cachedAt: number | null }> {
  const url = fillPath(endpoint.path, params);
  try {
    const options =
      endpoint.method === 'GET'
        ? { searchParams: (input ?? {}) as Record<string, string> }
        : form
          ? { body: form, timeout: UPLOAD_TIMEOUT_MS }
          : { json: input ?? {} };
    const answer = http(url, { method: endpoint.method, headers, signal, ...options });
    // .json() first: it asks for JSON (the Accept header) before the request goes; the same promise then gives the headers.
    const body: unknown = await answer.json();
    return { body, cachedAt: cachedAtOf((await answer).headers) };
  } catch (error) {
    throw await toApiError(error);
  }
}
