// An in-memory Cache Storage for the worker's tests (node has none). Only what sw/ticket-cache.ts
// uses, with the browser's semantics that matter to it: entries keyed by URL (GET), a put replaces
// an entry and moves it to the end of keys(), and a deleted cache stays usable through the objects
// already opened but is no longer reachable by name (open() then makes a new, empty one).

class FakeCache {
  readonly entries = new Map<string, Response>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(urlOf(request))?.clone();
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const url = urlOf(request);
    const body = await response.arrayBuffer();
    this.entries.delete(url);
    this.entries.set(
      url,
      new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }),
    );
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(urlOf(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

function urlOf(request: RequestInfo | URL): string {
  return request instanceof Request ? request.url : String(request);
}

export class FakeCacheStorage {
  readonly byName = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let cache = this.byName.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.byName.set(name, cache);
    }
    return cache;
  }

  async delete(name: string): Promise<boolean> {
    return this.byName.delete(name);
  }

  async has(name: string): Promise<boolean> {
    return this.byName.has(name);
  }

  async keys(): Promise<string[]> {
    return [...this.byName.keys()];
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    for (const cache of this.byName.values()) {
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }

  /** For the tests: the saved URLs of a cache in keys() order (empty when there is none). */
  urls(name: string): string[] {
    return [...(this.byName.get(name)?.entries.keys() ?? [])];
  }

  /** Typed as the browser's, for the code under test. */
  asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}
