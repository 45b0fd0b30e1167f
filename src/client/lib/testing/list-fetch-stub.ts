// Test helper: a fetch stub at the network boundary for paged lists, recording each request's query.
import { vi } from 'vitest';

export interface ListAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ListRequest {
  url: URL;
  /** The query as a plain object, e.g. { status: '5', limit: '50' }. */
  query: Record<string, string>;
}

/**
 * Replaces global fetch for GET `path`: `answer` gives the response for each request (it may return
 * a promise to hold the answer back). Other paths answer 404. Returns the recorded requests.
 */
export function stubListFetch(path: string, answer: (request: ListRequest) => ListAnswer | Promise<ListAnswer>) {
  const requests: ListRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname !== path) {
      return new Response(JSON.stringify({ success: false, message: 'Не найдено' }), { status: 404 });
    }
    const recorded = { url, query: Object.fromEntries(url.searchParams) };
    requests.push(recorded);
    const { status = 200, body, headers } = await answer(recorded);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A promise with its resolve exposed, to hold an answer until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** IntersectionObserver stand-in: `reveal()` tells every observer its targets came into view. */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    reveal() {
      for (const { callback, targets } of Array.from(observers)) {
        callback(
          targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
      }
    },
    get count() {
      return observers.size;
    },
  };
}
