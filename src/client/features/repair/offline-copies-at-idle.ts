import { useEffect } from 'react';
import type { UserData } from '#shared/api/account.ts';
import { hasNoConnection, onReconnect } from '#client/lib/connection.ts';
import type * as OfflineCopies from './offline-copies.ts';

/**
 * Whether this page keeps the repair wizard's copies: a clinic's, not a courier's (who has no
 * wizard), and only under the service worker: without it the app does not open offline at all, so
 * a copy would never be read.
 */
export const keepsOfflineCopies = (user: UserData | null): boolean =>
  user !== null && user.kind !== 'courier' && Boolean(navigator.serviceWorker?.controller);

/**
 * A clinic that never opened the repair wizard online still finds its saved addresses and the
 * centres in it offline: once the page has loaded and had an idle moment, the wizard's copies are
 * fetched and kept (offline-copies.ts, a chunk of its own: nothing of it is on a cold start's path).
 * With no connection it waits for the server.
 */
export function useOfflineCopiesAtIdle(user: UserData | null, idle: boolean): void {
  const wanted = idle && keepsOfflineCopies(user);
  const accountId = user?.id ?? null;
  useEffect(() => {
    if (!wanted) return;
    const prefetch = () =>
      void import('./offline-copies.ts').then(
        // Nothing after a failed chunk whose vite:preloadError lib/chunk-reload.ts cancelled.
        (copies: typeof OfflineCopies | undefined) => copies?.prefetchOfflineCopies(),
        () => undefined,
      );
    if (!hasNoConnection()) {
      prefetch();
      return;
    }
    const stop = onReconnect(() => {
      stop();
      prefetch();
    });
    return stop;
  }, [wanted, accountId]);
}
