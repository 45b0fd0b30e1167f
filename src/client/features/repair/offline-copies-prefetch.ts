import { hasNoConnection, onReconnect } from '#client/lib/connection.ts';
import type * as OfflineCopies from './offline-copies.ts';

/**
 * Fetches the wizard's copies now, or once the server can be reached again. Its own small chunk,
 * which brings the loaders' chunk in turn: the entry's preload list then names this file alone, not
 * every chunk the loaders need (the requests list's cold path pays for each name). Answers the cancel
 * of the wait.
 */
export function prefetchWhenConnected(): () => void {
  const prefetch = () =>
    void import('./offline-copies.ts').then(
      // Nothing after a failed chunk whose vite:preloadError lib/chunk-reload.ts cancelled.
      (copies: typeof OfflineCopies | undefined) => copies?.prefetchOfflineCopies(),
      () => undefined,
    );
  if (!hasNoConnection()) {
    prefetch();
    return () => undefined;
  }
  const stop = onReconnect(() => {
    stop();
    prefetch();
  });
  return stop;
}
