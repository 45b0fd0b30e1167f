import { create } from 'zustand';
import { reportServerReached, serverAnswers } from './connection.ts';

/**
 * A deploy replaces the hashed chunk files, so a page started before it can fail to load a route's
 * chunk that no longer exists. Reloading fetches the new shell and its chunks; this module does that
 * once, and if the chunk still fails (a broken deploy) it reports the failure instead of reloading in
 * a loop. It reloads only once the server has answered: on a dead network a reload would only lose
 * the page for the browser's error page.
 */

/** sessionStorage: when this tab last reloaded for a failed chunk (ms since epoch). */
export const CHUNK_RELOAD_KEY = 'portal:chunk-reload-at';
/** A second failure within this time of a reload is not retried: the reload did not help. */
export const CHUNK_RELOAD_GUARD_MS = 5 * 60_000;

/** 'reloading' covers asking the server first; 'offline': it did not answer, nothing reloaded (yet). */
export type ChunkFailureState = 'none' | 'reloading' | 'offline' | 'failed';

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
  /** Whether our server answers now (lib/connection.ts). */
  serverAnswers: () => Promise<boolean>;
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
  // Asked, not read from navigator.onLine or the calls so far: phones say online on a dead network, and
  // in a page's first seconds no call may have failed yet (lib/connection.ts).
  serverAnswers,
};

/**
 * Reloads the page after a failed chunk unless this tab already did so recently, once the server has
 * answered. Resolves to the new state: 'reloading' (the reload is on its way), 'offline' (the server
 * did not answer: try again later, as 'Повторить' or the next failed chunk does) or 'failed' (a reload
 * was tried; show the error instead).
 */
export async function recoverFromChunkError(env: ReloadEnv = browserEnv): Promise<ChunkFailureState> {
  const current = useChunkFailure.getState().state;
  // Several chunks (a route's JS and CSS) fail together: one reload is enough.
  if (current === 'reloading' || current === 'failed') return current;
  const storage = env.storage;
  let last = Number.NaN;
  try {
    last = Number(storage?.getItem(CHUNK_RELOAD_KEY));
  } catch {
    // unreadable storage: treat as never reloaded
  }
  const now = env.now();
  // Without storage the guard cannot survive the reload, so reloading could loop.
  if (storage === undefined || (last > 0 && now - last < CHUNK_RELOAD_GUARD_MS)) return settle('failed');
  useChunkFailure.setState({ state: 'reloading' });
  // With no connection a reload cannot fetch the chunk either (with the service worker's precache it
  // would not have failed): the page stays, with what was typed on it, and says so calmly.
  if (!(await env.serverAnswers())) {
    reportServerReached(false);
    return settle('offline');
  }
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return settle('failed');
  }
  env.reload();
  return 'reloading';
}

function settle(state: ChunkFailureState): ChunkFailureState {
  useChunkFailure.setState({ state });
  return state;
}

/**
 * Vite announces a failed dynamic import (or CSS preload) of the built app with 'vite:preloadError'
 * on window. Cancelling it keeps Vite from throwing; the import then resolves to nothing, and the
 * route's error boundary (AppErrorScreen) shows the reload or the failure from useChunkFailure.
 */
export function handleChunkPreloadErrors(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    void recoverFromChunkError();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
