// Test helper: a fetch stub at the network boundary for component tests (no server runs there).
import { vi } from 'vitest';

export interface StubResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string as a plain object, e.g. { status: '5' }. */
  query: Record<string, string>;
  body: unknown;
  headers: Headers;
}

type Handler = (call: RecordedCall) => StubResponse | Promise<StubResponse>;

/** A JSON body as its value; anything else (a multipart upload) as its text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Replaces global fetch. `routes` maps 'METHOD /path' to a handler (or a fixed response, or a list
 * answered in turn). Unknown routes answer 404. Returns the recorded calls.
 */
export function stubFetch(routes: Record<string, Handler | StubResponse | StubResponse[]>) {
  const calls: RecordedCall[] = [];
  const counters = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' ? '' : await request.text();
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? parseBody(text) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const route = routes[key];
    let answer: StubResponse;
    if (route === undefined) answer = { status: 404, body: { success: false, message: 'Не найдено' } };
    else if (typeof route === 'function') answer = await route(call);
    else if (Array.isArray(route)) {
      const index = counters.get(key) ?? 0;
      counters.set(key, index + 1);
      answer = route[Math.min(index, route.length - 1)] ?? { status: 500, body: {} };
    } else answer = route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const demoUser = {
  id: 7,
  name: 'Анна',
  surname: 'Петрова',
  patronymic: null,
  phone: '79123456789',
  email: 'anna@clinic.ru',
  company: 'Улыбка',
  city: 'Казань',
  balls: 1500,
  unpaid_bills: 0,
  unread_notifications: 2,
  consents_given: false,
  email_confirmed: true,
  pending_email: null,
  access_owner_ids: [] as number[],
  quiz_available: false,
  has_bills: true,
};
