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
import { useConnection } from './connection.ts';

function env(overrides: Partial<ReloadEnv> = {}): ReloadEnv & { reload: ReturnType<typeof vi.fn> } {
  return {
    storage: sessionStorage,
    reload: vi.fn(),
    now: () => 1_000_000,
    online: () => true,
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
  it('reloads on the first failure and remembers it for the tab', () => {
    const first = env();
    expect(recoverFromChunkError(first)).toBe('reloading');
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(useChunkFailure.getState().state).toBe('reloading');
  });

  it('reloads only once for failures that come together (a route’s JS and CSS)', () => {
    const page = env();
    recoverFromChunkError(page);
    expect(recoverFromChunkError(page)).toBe('reloading');
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again when the chunk fails right after the reload', () => {
    recoverFromChunkError(env());
    newPageLoad();
    const again = env({ now: () => 1_000_000 + 3_000 });
    expect(recoverFromChunkError(again)).toBe('failed');
    expect(again.reload).not.toHaveBeenCalled();
    expect(useChunkFailure.getState().state).toBe('failed');
  });

  it('reloads again for a later deploy, once the guard time has passed', () => {
    recoverFromChunkError(env());
    newPageLoad();
    const later = env({ now: () => 1_000_000 + CHUNK_RELOAD_GUARD_MS + 1 });
    expect(recoverFromChunkError(later)).toBe('reloading');
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload offline or without storage (the guard could not hold)', () => {
    const offline = env({ online: () => false });
    expect(recoverFromChunkError(offline)).toBe('failed');
    newPageLoad();
    const noStorage = env({ storage: undefined });
    expect(recoverFromChunkError(noStorage)).toBe('failed');
    expect(offline.reload).not.toHaveBeenCalled();
    expect(noStorage.reload).not.toHaveBeenCalled();
  });
});

describe("Vite's preload errors", () => {
  it('are cancelled (Vite would throw) and start the recovery', () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const stop = handleChunkPreloadErrors(window);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    stop();
    expect(event.defaultPrevented).toBe(true);
    expect(useChunkFailure.getState().state).toBe('reloading');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('do not reload after a call that did not reach the server, though navigator.onLine says online (a dead phone network)', () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    expect(navigator.onLine).toBe(true);
    useConnection.setState({ serverUnreachable: true });
    const stop = handleChunkPreloadErrors(window);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    stop();
    useConnection.setState({ serverUnreachable: false });
    expect(event.defaultPrevented).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(useChunkFailure.getState().state).toBe('failed');
  });
});
