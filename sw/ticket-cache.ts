/// <reference lib="webworker" />
// The requests list, a ticket and its history, network first (DESIGN.md §Offline design, ADR 0011).
// The server gets a short deadline; when it is not reached in time (no network, a dead connection,
// a captive portal's page instead of our JSON) the last saved answer is given instead, marked with
// CACHED_AT_HEADER so the page can say how old it is. Any answer of the server itself — a 401 after
// logout, a 404, a 5xx — reaches the page unchanged: the saved copy only stands in for no answer.
import {
  CACHED_AT_HEADER,
  SAVED_FOR_HEADER,
  TICKET_CACHE_FRESH_MESSAGE,
  TICKET_CACHE_NAME,
  cachedAtOf,
} from '#shared/api/ticket-cache.ts';
import { getTicket, getTicketHistory, listTickets } from '#shared/api/tickets.ts';
import type { Owner, OwnerKeeper } from './account-owner.ts';
import type { FetchLike } from './fetch-timeout.ts';
import { isApiJson, isSuccessBody, readAnswer } from './outbox-classify.ts';

/** How long the server gets before a saved copy is shown (the page's own deadline is 15 s). */
export const NETWORK_TIMEOUT_MS = 3_500;
/** A saved copy at least this old, given for a slow server, is followed by a notice when the server answers. */
export const FRESH_NOTICE_MIN_AGE_MS = 30_000;
/** Saved answers kept (each list query, ticket and history is one); the least recently saved go first. */
export const MAX_ENTRIES = 100;

/** The paths answered from here: '/ajax/cabinet/tickets/:id' → /^\/ajax\/cabinet\/tickets\/\d+$/ (not /get-pdf). */
const CACHED_PATHS = [listTickets, getTicket, getTicketHistory].map(
  (endpoint) => new RegExp(`^${endpoint.path.replace(/:\w+/g, '\\d+')}$`),
);

export function isTicketCacheRequest(request: Request, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && CACHED_PATHS.some((path) => path.test(url.pathname));
}

export interface TicketCacheDeps {
  fetch: FetchLike;
  caches: CacheStorage;
  /**
   * The session's account as last learned, or as the answers on their way name it when none was ever
   * learned (account-owner.ts `currentOrAwaited`): copies are saved for it and given only to it.
   */
  owner: () => Promise<Owner | undefined>;
  now: () => number;
  /** Keeps the worker alive for what goes on after the page got its answer (a late answer is still saved). */
  waitUntil: (work: Promise<unknown>) => void;
  /**
   * The page was given a saved copy and the server's answer came after all (a slow connection):
   * tell the page, which asks again and now gets the fresh copy.
   */
  notifyFresh?: () => void;
  timeoutMs?: number;
  maxEntries?: number;
}

interface NetworkAnswer {
  response: Response;
  /** The API's own JSON (any status): the server was reached and has spoken. */
  fromServer: boolean;
}

export async function handleTicketGet(request: Request, deps: TicketCacheDeps): Promise<Response> {
  // Opened before the request goes out, and the answer is saved into this very cache: when the page
  // wipes it meanwhile (logout, another account), a late answer lands in the deleted cache, never in
  // a new one that the next account would read.
  const cache = await deps.caches.open(TICKET_CACHE_NAME);
  const owner = await deps.owner();
  const network = fromNetwork(request, cache, owner, deps);
  deps.waitUntil(network.catch(() => undefined));

  const first = await settleWithin(network, deps.timeoutMs ?? NETWORK_TIMEOUT_MS);
  if (first !== null && first.fromServer) return first.response;

  const saved = await cache.match(request, { ignoreVary: true });
  if (saved && isSavedFor(saved, owner)) {
    // Only for a copy of some age: one saved moments ago (the page asked again after the last
    // notice, and the connection is still slow) is fresh enough, and asking again would loop.
    const age = deps.now() - (cachedAtOf(saved.headers) ?? 0);
    if (first === null && deps.notifyFresh && age >= FRESH_NOTICE_MIN_AGE_MS) {
      const notify = deps.notifyFresh;
      deps.waitUntil(network.then((late) => late.fromServer && late.response.ok && notify()).catch(() => undefined));
    }
    return saved;
  }
  // Nothing saved: the network's answer after all, whatever it is (a slow connection still gets there;
  // a network error rejects, and the page sees a network error).
  return (await network).response;
}

/** A copy saved for no account (or before accounts were recorded) is given to nobody. */
function isSavedFor(saved: Response, owner: Owner | undefined): boolean {
  return typeof owner === 'number' && saved.headers.get(SAVED_FOR_HEADER) === String(owner);
}

async function fromNetwork(
  request: Request,
  cache: Cache,
  owner: Owner | undefined,
  deps: TicketCacheDeps,
): Promise<NetworkAnswer> {
  const response = await deps.fetch(request);
  const answer = await readAnswer(response.clone());
  const fromServer = isApiJson(answer);
  // Saved only while the account is known: a copy nobody can be sure of the owner of is not kept.
  if (fromServer && response.status === 200 && isSuccessBody(answer.body) && typeof owner === 'number') {
    await save(cache, request, response.clone(), owner, deps).catch((error: unknown) =>
      console.warn('ticket cache:', error),
    );
  } else if (fromServer && response.status === 401) {
    // The session is over: what was saved for it must not outlive it.
    await deps.caches.delete(TICKET_CACHE_NAME);
  } else if (fromServer && response.status === 404) {
    // Gone, or no longer this account's (an access taken back): its saved copy must not stand in for it.
    await cache.delete(request);
  }
  return { response, fromServer };
}

/** The network's answer if it comes within `timeoutMs`; null when it fails or is late. */
async function settleWithin(network: Promise<NetworkAnswer>, timeoutMs: number): Promise<NetworkAnswer | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([network.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function save(
  cache: Cache,
  request: Request,
  response: Response,
  owner: number,
  deps: TicketCacheDeps,
): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, String(deps.now()));
  headers.set(SAVED_FOR_HEADER, String(owner));
  // The body is stored decoded: its transfer encoding and length no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  await cache.put(
    request,
    new Response(await response.text(), { status: response.status, statusText: response.statusText, headers }),
  );
  // A put replaces an entry at the end of the key list, so the first keys are the least recently saved.
  const keys = await cache.keys();
  const excess = keys.length - (deps.maxEntries ?? MAX_ENTRIES);
  await Promise.all(keys.slice(0, Math.max(0, excess)).map((key) => cache.delete(key)));
}

export function installTicketCache(sw: ServiceWorkerGlobalScope, owner: OwnerKeeper): void {
  const fetchFn: FetchLike = (input, init) => sw.fetch(input, init);
  sw.addEventListener('fetch', (event) => {
    if (!isTicketCacheRequest(event.request, sw.location.origin)) return;
    const waitUntil = (work: Promise<unknown>): void => {
      try {
        event.waitUntil(work);
      } catch {
        // The event is already over: the work goes on as long as the worker lives.
      }
    };
    const notifyFresh = (): void => {
      void sw.clients.get(event.clientId).then((client) => client?.postMessage({ type: TICKET_CACHE_FRESH_MESSAGE }));
    };
    event.respondWith(
      handleTicketGet(event.request, {
        fetch: fetchFn,
        caches: sw.caches,
        owner: owner.currentOrAwaited,
        now: Date.now,
        waitUntil,
        notifyFresh,
      }),
    );
  });
}
