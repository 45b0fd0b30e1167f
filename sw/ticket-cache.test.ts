import { describe, expect, it, vi } from 'vitest';
import { CACHED_AT_HEADER, TICKET_CACHE_NAME, cachedAtOf } from '#shared/api/ticket-cache.ts';
import type { Owner } from './account-owner.ts';
import type { FetchLike } from './fetch-timeout.ts';
import { FakeCacheStorage } from './testing/cache-storage-fake.ts';
import { apiJson } from './testing/outbox-fixtures.ts';
import { handleTicketGet, isTicketCacheRequest, type TicketCacheDeps } from './ticket-cache.ts';

const ORIGIN = 'https://portal.example';
const LIST = `${ORIGIN}/ajax/cabinet/tickets?limit=50`;
const TICKET = `${ORIGIN}/ajax/cabinet/tickets/501`;
const SAVED_AT = Date.parse('2025-03-01T10:00:00Z');
const NOW = SAVED_AT + 5 * 60_000;

const listAnswer = (id: number) => ({ success: true, data: [{ id }], next_cursor: null });
const offline: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function setup(network: FetchLike, now = NOW) {
  const caches = new FakeCacheStorage();
  const account: { id: Owner | undefined } = { id: 7 };
  const background: Promise<unknown>[] = [];
  const fetch = vi.fn<FetchLike>(network);
  const deps: TicketCacheDeps = {
    fetch,
    caches: caches.asCacheStorage(),
    owner: async () => account.id,
    now: () => now,
    waitUntil: (work) => void background.push(work),
    timeoutMs: 20,
  };
  const get = (url: string) => handleTicketGet(new Request(url), deps);
  /** Everything the worker still does after answering (a late answer being saved). */
  const settled = () => Promise.all(background);
  return { account, caches, deps, fetch, get, settled };
}

/** A cache that already holds `body` for `url`, saved at SAVED_AT. */
async function withSaved(url: string, body: unknown, network: FetchLike) {
  const world = setup(() => Promise.resolve(apiJson(body)), SAVED_AT);
  await world.get(url);
  world.fetch.mockImplementation(network);
  world.deps.now = () => NOW;
  return world;
}

describe('isTicketCacheRequest', () => {
  const matches = (path: string, method = 'GET', origin = ORIGIN) =>
    isTicketCacheRequest(new Request(`${origin}${path}`, { method }), ORIGIN);

  it('takes the GETs of the requests list (any query), a ticket and its history on our own origin', () => {
    expect(matches('/ajax/cabinet/tickets')).toBe(true);
    expect(matches('/ajax/cabinet/tickets?status=2&cursor=abc&limit=50')).toBe(true);
    expect(matches('/ajax/cabinet/tickets/501')).toBe(true);
    expect(matches('/ajax/cabinet/history/tickets/501')).toBe(true);
  });

  it('leaves everything else alone: downloads, other lists, writes, other origins', () => {
    expect(matches('/ajax/cabinet/tickets/501/get-pdf')).toBe(false);
    expect(matches('/ajax/cabinet/files/902')).toBe(false);
    expect(matches('/ajax/cabinet/bills')).toBe(false);
    expect(matches('/ajax/user/data')).toBe(false);
    expect(matches('/ajax/cabinet/tickets', 'POST')).toBe(false);
    expect(matches('/ajax/cabinet/tickets/501', 'GET', 'https://elsewhere.example')).toBe(false);
  });
});

describe('handleTicketGet', () => {
  it('passes a fresh answer on unchanged and saves a copy stamped with when it came', async () => {
    const { caches, get } = setup(() => Promise.resolve(apiJson(listAnswer(1))));
    const response = await get(LIST);
    expect(response.headers.has(CACHED_AT_HEADER)).toBe(false);
    expect(await response.json()).toEqual(listAnswer(1));
    expect(caches.urls(TICKET_CACHE_NAME)).toEqual([LIST]);
    const saved = (await (await caches.open(TICKET_CACHE_NAME)).match(LIST))!;
    expect(cachedAtOf(saved.headers)).toBe(NOW);
  });

  it('answers with the saved copy and its time when the network fails', async () => {
    const { get } = await withSaved(LIST, listAnswer(1), offline);
    const response = await get(LIST);
    expect(response.status).toBe(200);
    expect(cachedAtOf(response.headers)).toBe(SAVED_AT);
    expect(await response.json()).toEqual(listAnswer(1));
  });

  it("never gives one account's saved copy to another, whichever way the account changed", async () => {
    const world = await withSaved(TICKET, { success: true, id: 501 }, offline);
    world.account.id = 9;
    await expect(world.get(TICKET)).rejects.toThrow('Failed to fetch');
    world.account.id = undefined;
    await expect(world.get(TICKET)).rejects.toThrow('Failed to fetch');
    world.account.id = 7;
    expect((await world.get(TICKET)).status).toBe(200);
  });

  it('saves nothing while the account is not known', async () => {
    const world = setup(() => Promise.resolve(apiJson(listAnswer(1))));
    world.account.id = null;
    await world.get(LIST);
    world.fetch.mockImplementation(offline);
    world.account.id = 7;
    await expect(world.get(LIST)).rejects.toThrow('Failed to fetch');
  });

  it('keeps a copy per query: another filter has none to fall back on', async () => {
    const { get } = await withSaved(LIST, listAnswer(1), offline);
    await expect(get(`${ORIGIN}/ajax/cabinet/tickets?status=2&limit=50`)).rejects.toThrow('Failed to fetch');
  });

  it('fails as the network failed when nothing is saved', async () => {
    const { get } = setup(offline);
    await expect(get(TICKET)).rejects.toThrow('Failed to fetch');
  });

  it('gives the saved copy when the server is slow, and still saves its late answer', async () => {
    const slow = deferred<Response>();
    const { caches, get, settled } = await withSaved(
      TICKET,
      { success: true, ticket: { id: 501, v: 1 } },
      () => slow.promise,
    );
    const response = await get(TICKET);
    expect(cachedAtOf(response.headers)).toBe(SAVED_AT);
    expect(await response.json()).toEqual({ success: true, ticket: { id: 501, v: 1 } });

    slow.resolve(apiJson({ success: true, ticket: { id: 501, v: 2 } }));
    await settled();
    const saved = (await (await caches.open(TICKET_CACHE_NAME)).match(TICKET))!;
    expect(cachedAtOf(saved.headers)).toBe(NOW);
    expect(await saved.json()).toEqual({ success: true, ticket: { id: 501, v: 2 } });
  });

  it('tells the page when the server answered after a saved copy was given', async () => {
    const slow = deferred<Response>();
    const world = await withSaved(TICKET, { success: true, ticket: { id: 501, v: 1 } }, () => slow.promise);
    const notifyFresh = vi.fn();
    world.deps.notifyFresh = notifyFresh;
    await world.get(TICKET);
    expect(notifyFresh).not.toHaveBeenCalled();
    slow.resolve(apiJson({ success: true, ticket: { id: 501, v: 2 } }));
    await world.settled();
    expect(notifyFresh).toHaveBeenCalledOnce();
  });

  it('does not tell the page when the copy it got was saved moments ago (no reload loop on a slow line)', async () => {
    const slow = deferred<Response>();
    const world = await withSaved(TICKET, { success: true, ticket: { id: 501, v: 1 } }, () => slow.promise);
    world.deps.now = () => SAVED_AT + 5_000;
    const notifyFresh = vi.fn();
    world.deps.notifyFresh = notifyFresh;
    await world.get(TICKET);
    slow.resolve(apiJson({ success: true, ticket: { id: 501, v: 2 } }));
    await world.settled();
    expect(notifyFresh).not.toHaveBeenCalled();
  });

  it('does not tell the page anything when the late answer is not a good one', async () => {
    const slow = deferred<Response>();
    const world = await withSaved(TICKET, { success: true, ticket: { id: 501, v: 1 } }, () => slow.promise);
    const notifyFresh = vi.fn();
    world.deps.notifyFresh = notifyFresh;
    await world.get(TICKET);
    slow.resolve(new Response('<html>Wi-Fi login</html>', { headers: { 'Content-Type': 'text/html' } }));
    await world.settled();
    expect(notifyFresh).not.toHaveBeenCalled();
  });

  it('waits for a slow server when there is nothing saved', async () => {
    const slow = deferred<Response>();
    const { get } = setup(() => slow.promise);
    const answer = get(TICKET);
    // Past the deadline: with no copy to show, the page still gets the server's answer.
    await new Promise((resolve) => setTimeout(resolve, 40));
    slow.resolve(apiJson({ success: true, ticket: { id: 501 } }));
    const response = await answer;
    expect(response.headers.has(CACHED_AT_HEADER)).toBe(false);
    expect(await response.json()).toEqual({ success: true, ticket: { id: 501 } });
  });

  it("passes the server's failures on and saves none of them", async () => {
    for (const [status, body] of [
      [500, { success: false, message: 'Сервер временно недоступен' }],
      [503, { success: false }],
    ] as const) {
      const { caches, get } = await withSaved(TICKET, { success: true, ticket: { id: 501 } }, () =>
        Promise.resolve(apiJson(body, status)),
      );
      const response = await get(TICKET);
      expect(response.status).toBe(status);
      expect(response.headers.has(CACHED_AT_HEADER)).toBe(false);
      // The earlier good copy stays for a later network failure.
      expect(cachedAtOf((await (await caches.open(TICKET_CACHE_NAME)).match(TICKET))!.headers)).toBe(SAVED_AT);
    }
  });

  it('never serves a saved copy after a 401, and drops the whole cache', async () => {
    const { caches, get } = await withSaved(LIST, listAnswer(1), () =>
      Promise.resolve(apiJson({ success: false, message: 'Требуется авторизация' }, 401)),
    );
    const response = await get(LIST);
    expect(response.status).toBe(401);
    expect(await caches.has(TICKET_CACHE_NAME)).toBe(false);
  });

  it("drops a ticket's saved copy when the server says it is not there (an access taken back)", async () => {
    const { caches, get, fetch } = await withSaved(TICKET, { success: true, ticket: { id: 501 } }, () =>
      Promise.resolve(apiJson({ success: false, message: 'Не найдено' }, 404)),
    );
    expect((await get(TICKET)).status).toBe(404);
    expect(caches.urls(TICKET_CACHE_NAME)).toEqual([]);
    // Offline afterwards: nothing to stand in for it.
    fetch.mockImplementation(offline);
    await expect(get(TICKET)).rejects.toThrow();
  });

  it('does not save a 200 that is not a success of the API', async () => {
    const { caches, get } = setup(() => Promise.resolve(apiJson({ success: false, message: '?' })));
    await get(TICKET);
    expect(caches.urls(TICKET_CACHE_NAME)).toEqual([]);
  });

  it("takes a captive portal's page for no answer: the saved copy is shown, the page is not saved", async () => {
    const portal = () =>
      Promise.resolve(new Response('<html>Войдите в Wi-Fi</html>', { headers: { 'Content-Type': 'text/html' } }));
    const { caches, get } = await withSaved(LIST, listAnswer(1), portal);
    const response = await get(LIST);
    expect(cachedAtOf(response.headers)).toBe(SAVED_AT);
    expect(await response.json()).toEqual(listAnswer(1));
    expect(cachedAtOf((await (await caches.open(TICKET_CACHE_NAME)).match(LIST))!.headers)).toBe(SAVED_AT);

    // With nothing saved the page gets what came (and fails to read it as the API's answer).
    const fresh = setup(portal);
    expect(await (await fresh.get(LIST)).text()).toContain('Wi-Fi');
    expect(fresh.caches.urls(TICKET_CACHE_NAME)).toEqual([]);
  });

  it('does not put an answer that comes after a wipe into the new cache', async () => {
    const slow = deferred<Response>();
    const { caches, get, settled } = setup(() => slow.promise);
    const answer = get(TICKET);
    await vi.waitFor(() => expect(caches.byName.size).toBe(1));
    // The page wipes the account's data (logout) while the request is on its way.
    await caches.delete(TICKET_CACHE_NAME);
    slow.resolve(apiJson({ success: true, ticket: { id: 501 } }));
    await answer;
    await settled();
    expect(await caches.has(TICKET_CACHE_NAME)).toBe(false);
  });

  it('keeps the most recently saved answers only', async () => {
    let n = 0;
    const { caches, deps, get } = setup(() => Promise.resolve(apiJson(listAnswer((n += 1)))));
    deps.maxEntries = 2;
    await get(`${ORIGIN}/ajax/cabinet/tickets/1`);
    await get(`${ORIGIN}/ajax/cabinet/tickets/2`);
    await get(`${ORIGIN}/ajax/cabinet/tickets/1`);
    await get(`${ORIGIN}/ajax/cabinet/tickets/3`);
    expect(caches.urls(TICKET_CACHE_NAME)).toEqual([
      `${ORIGIN}/ajax/cabinet/tickets/1`,
      `${ORIGIN}/ajax/cabinet/tickets/3`,
    ]);
  });
});
