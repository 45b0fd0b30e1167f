import { create } from 'zustand';
import { hasNoConnection } from './connection.ts';

/**
 * A deploy replaces the hashed chunk files, so a page started before it can fail to load a route's
 * chunk that no longer exists. Reloading fetches the new shell and its chunks; this module does that
 * once, and if the chunk still fails (a broken deploy, no network) it reports the failure instead of
 * reloading in a loop.
 */

/** sessionStorage: when this tab last reloaded for a failed chunk (ms since epoch). */
export const CHUNK_RELOAD_KEY = 'portal:chunk-reload-at';
/** A second failure within this time of a reload is not retried: the reload did not help. */
export const CHUNK_RELOAD_GUARD_MS = 5 * 60_000;

export type ChunkFailureState = 'none' | 'reloading' | 'failed';

export const useChunkFailure = create<{ state: ChunkFailureState }>()(() => ({ state: 'none' }));

/** Chrome, Firefox and Safari word a failed `import()` differently; Vite words a failed CSS preload. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (?:CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

export interface ReloadEnv {
  storage?: Storage;
  reload: () => void;
  now: () => number;
  online: () => boolean;
}

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked (privacy settings)
  }
}

const browserEnv: ReloadEnv = {
  storage: sessionStore(),
  reload: () => window.location.reload(),
  now: () => Date.now(),
  // Not navigator.onLine alone, which phones keep true on a dead network (lib/connection.ts): after a call
  // that did not reach the server, the chunk failed for the same reason, and a reload would only lose the
  // page and what was typed on it (the probe's own chunk, loaded just then, fails first).
  online: () => !hasNoConnection(),
};

/**
 * Reloads the page after a failed chunk unless this tab already did so recently. Returns the new
 * state: 'reloading' (the reload is on its way) or 'failed' (it was tried; show the error instead).
 */
export function recoverFromChunkError(env: ReloadEnv = browserEnv): ChunkFailureState {
  const current = useChunkFailure.getState().state;
  // Several chunks (a route's JS and CSS) fail together: one reload is enough.
  if (current !== 'none') return current;
  const storage = env.storage;
  let last = Number.NaN;
  try {
    last = Number(storage?.getItem(CHUNK_RELOAD_KEY));
  } catch {
    // unreadable storage: treat as never reloaded
  }
  const now = env.now();
  // Offline, a reload cannot fetch the chunk either (with the service worker's precache it would not
  // have failed). Without storage the guard cannot survive the reload, so reloading could loop.
  if (!env.online() || storage === undefined || (last > 0 && now - last < CHUNK_RELOAD_GUARD_MS)) {
    useChunkFailure.setState({ state: 'failed' });
    return 'failed';
  }
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    useChunkFailure.setState({ state: 'failed' });
    return 'failed';
  }
  useChunkFailure.setState({ state: 'reloading' });
  env.reload();
  return 'reloading';
}

/**
 * Vite announces a failed dynamic import (or CSS preload) of the built app with 'vite:preloadError'
 * on window. Cancelling it keeps Vite from throwing; the import then resolves to nothing, and the
 * route's error boundary (AppErrorScreen) shows the reload or the failure from useChunkFailure.
 */
export function handleChunkPreloadErrors(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    recoverFromChunkError();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
