import ky, { HTTPError, TimeoutError } from 'ky';
import * as v from 'valibot';
import { errorResponse, type Endpoint, type EndpointInput, type EndpointOutput } from '#shared/api/endpoint.ts';

export const CSRF_HEADER = 'X-CSRF-Token';
const NETWORK_MESSAGE = 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.';
const SERVER_MESSAGE = 'Сервер временно недоступен. Попробуйте позже.';

let csrfToken = '';

/** The CSRF token comes with the user data (the shell is cached, so no meta tag can carry it). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** The one ky instance of the app. */
export const http = ky.create({
  credentials: 'same-origin',
  timeout: 15_000,
  retry: { limit: 1, methods: ['get'] },
  hooks: {
    beforeRequest: [
      (request) => {
        if (request.method !== 'GET' && csrfToken) request.headers.set(CSRF_HEADER, csrfToken);
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

  /** The first message for a field, for showing under that input. */
  field(name: string): string | undefined {
    return this.fieldErrors[name]?.[0];
  }
}

function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
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
  if (error instanceof TimeoutError || error instanceof TypeError) return new ApiError(NETWORK_MESSAGE, 0);
  return new ApiError(SERVER_MESSAGE, 0);
}

/** Calls an endpoint from `#shared/api`: sends its input as JSON (or query for GET), parses the answer with its output schema. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input?: EndpointInput<E>,
  params?: Record<string, string | number>,
  headers?: Record<string, string>,
): Promise<EndpointOutput<E>> {
  const url = fillPath(endpoint.path, params);
  let body: unknown;
  try {
    const options =
      endpoint.method === 'GET'
        ? { searchParams: (input ?? {}) as Record<string, string> }
        : { json: input ?? {} };
    body = await http(url, { method: endpoint.method, headers, ...options }).json();
  } catch (error) {
    throw await toApiError(error);
  }
  const parsed = v.safeParse(endpoint.output, body);
  if (!parsed.success) throw new ApiError(SERVER_MESSAGE, 200);
  return parsed.output as EndpointOutput<E>;
}
