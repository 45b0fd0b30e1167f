import { useEffect } from 'react';
import type { UserData } from '#shared/api/account.ts';
import type * as Prefetch from './offline-copies-prefetch.ts';

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
 * fetched and kept (offline-copies.ts), with no connection as soon as there is one. All of it comes
 * in lazy chunks: a cold start's path carries only this hook.
 */
export function useOfflineCopiesAtIdle(user: UserData | null, idle: boolean): void {
  const wanted = idle && keepsOfflineCopies(user);
  const accountId = user?.id ?? null;
  useEffect(() => {
    if (!wanted) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./offline-copies-prefetch.ts').then(
      // Nothing after a failed chunk whose vite:preloadError lib/chunk-reload.ts cancelled.
      (prefetch: typeof Prefetch | undefined) => {
        if (!gone) stop = prefetch?.prefetchWhenConnected();
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [wanted, accountId]);
}
