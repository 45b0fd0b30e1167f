import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  handleChunkPreloadErrors,
  isChunkLoadError,
  recoverFromChunkError,
  useChunkFailure,
  type ReloadEnv,
} from './chunk-reload.ts';
import { hasNoConnection, reportServerReached } from './connection.ts';
import { stubFetch } from './testing/fetch-stub.ts';

function env(overrides: Partial<ReloadEnv> = {}): ReloadEnv & { reload: ReturnType<typeof vi.fn> } {
  return {
    storage: sessionStorage,
    reload: vi.fn(),
    now: () => 1_000_000,
    serverAnswers: async () => true,
    ...overrides,
  } as ReloadEnv & {
    reload: ReturnType<typeof vi.fn>;
  };
}

/** A new page load: the in-memory state is gone, sessionStorage stays. */
function newPageLoad() {
  useChunkFailure.setState({ state: 'none' });
}

beforeEach(() => {
  sessionStorage.clear();
  newPageLoad();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('recognising a chunk that failed to load', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://portal.test/assets/bills-Br97zWR1.js',
    'error loading dynamically imported module: https://portal.test/assets/bills-Br97zWR1.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/bills-waL08Uip.css',
  ])('%s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('the reload-once guard', () => {
  it('reloads on the first failure and remembers it for the tab', async () => {
    const first = env();
    expect(await recoverFromChunkError(first)).toBe('reloading');
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(useChunkFailure.getState().state).toBe('reloading');
  });

  it('reloads only once for failures that come together (a route’s JS and CSS)', async () => {
    const page = env();
    const first = recoverFromChunkError(page); // still asking the server when the second fails
    expect(await recoverFromChunkError(page)).toBe('reloading');
    await first;
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again when the chunk fails right after the reload', async () => {
    await recoverFromChunkError(env());
    newPageLoad();
    const again = env({ now: () => 1_000_000 + 3_000 });
    expect(await recoverFromChunkError(again)).toBe('failed');
    expect(again.reload).not.toHaveBeenCalled();
    expect(useChunkFailure.getState().state).toBe('failed');
  });

  it('reloads again for a later deploy, once the guard time has passed', async () => {
    await recoverFromChunkError(env());
    newPageLoad();
    const later = env({ now: () => 1_000_000 + CHUNK_RELOAD_GUARD_MS + 1 });
    expect(await recoverFromChunkError(later)).toBe('reloading');
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload while the server does not answer, nor without storage (the guard could not hold)', async () => {
    const offline = env({ serverAnswers: async () => false });
    expect(await recoverFromChunkError(offline)).toBe('offline');
    newPageLoad();
    const noStorage = env({ storage: undefined });
    expect(await recoverFromChunkError(noStorage)).toBe('failed');
    expect(offline.reload).not.toHaveBeenCalled();
    expect(noStorage.reload).not.toHaveBeenCalled();
    // Not spent: the guard did not start, so the reload is still there for when the server answers.
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('asks the server again on the next try after no answer, and reloads once it answers', async () => {
    let answers = false;
    const page = env({ serverAnswers: async () => answers });
    expect(await recoverFromChunkError(page)).toBe('offline');
    expect(useChunkFailure.getState().state).toBe('offline');
    answers = true;
    expect(await recoverFromChunkError(page)).toBe('reloading');
    expect(page.reload).toHaveBeenCalledTimes(1);
  });
});

describe("Vite's preload errors", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reportServerReached(true); // connected again for the next test, no probe left asking
  });

  it('are cancelled (Vite would throw) and start the recovery: the server is asked, then the page reloads', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const { calls } = stubFetch({ 'GET /healthz': { body: { ok: true, db: 'pglite' } } });
    const stop = handleChunkPreloadErrors(window);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    stop();
    expect(event.defaultPrevented).toBe(true);
    expect(useChunkFailure.getState().state).toBe('reloading');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // Straight from the network: neither the HTTP cache nor (by its denylist) the service worker answers it.
    expect(calls.map((call) => call.path)).toEqual(['/healthz']);
  });

  it('do not reload when the server does not answer, though navigator.onLine says online and no call has failed yet (a dead phone network in a page’s first seconds)', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    expect(navigator.onLine).toBe(true);
    expect(hasNoConnection()).toBe(false);
    const asked = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', asked);
    const stop = handleChunkPreloadErrors(window);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    stop();
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(useChunkFailure.getState().state).toBe('offline'));
    expect(reload).not.toHaveBeenCalled();
    expect(asked.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' });
    // The page now knows: its banner says so, and a reconnection asks again (AppErrorScreen).
    expect(hasNoConnection()).toBe(true);
  });

  it('do not reload on a captive portal’s page: it answers, but not with our JSON', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('<html>Войдите в сеть Wi-Fi</html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    expect(await recoverFromChunkError()).toBe('offline');
    expect(reload).not.toHaveBeenCalled();
  });
});
