import { useEffect } from 'react';
import { create } from 'zustand';
import { TICKET_CACHE_FRESH_MESSAGE } from '#shared/api/ticket-cache.ts';

// Whether the app is working from saved data: the offline banner and the data's age read this.
// `navigator.onLine === false` is reliable (no network at all); `true` is not (a dead mobile
// connection, a captive portal), so the API calls report too (lib/http.ts).

export interface ConnectionState {
  /** navigator.onLine, kept current by the `online` and `offline` events. */
  online: boolean;
  /** The last API call did not reach the server, or the service worker answered it with a saved copy. */
  serverUnreachable: boolean;
}

const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export const useConnection = create<ConnectionState>()(() => ({ online: browserOnline(), serverUnreachable: false }));

/** Called by lib/http.ts after each API call: did the server itself answer? */
export function reportServerReached(reached: boolean): void {
  if (useConnection.getState().serverUnreachable === !reached) return;
  useConnection.setState({ serverUnreachable: !reached });
}

/**
 * When the data shown came from the server (ms since epoch) while it is a saved copy — the worker's
 * (no network), the device's after a failed refresh, or anything at all while offline — else null:
 * fresh data shows no age. The one rule for every 'Обновлено … назад'.
 */
export function savedCopyAt(
  fetchedAt: number,
  shown: { cached: boolean; failed: boolean; online: boolean },
): number | null {
  return shown.cached || shown.failed || !shown.online ? fetchedAt : null;
}

/** The offline banner shows while this holds: no network, or the server out of reach. */
export const selectWorkingOffline = (state: ConnectionState): boolean => !state.online || state.serverUnreachable;

const reconnectListeners = new Set<() => void>();

function reconnected(): void {
  useConnection.setState({ online: true, serverUnreachable: false });
  for (const listener of reconnectListeners) listener();
}

if (typeof window !== 'undefined') {
  // Back online: trust it until a call says otherwise (the pages reload their data on this event).
  window.addEventListener('online', reconnected);
  window.addEventListener('offline', () => useConnection.setState({ online: false }));
  // The server answered the worker after all, after a saved copy was shown (a slow connection).
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => onWorkerMessage(event.data));
}

/** A message from the service worker: the server answered after all, after a saved copy was shown. */
export function onWorkerMessage(data: unknown): void {
  if ((data as { type?: unknown } | null)?.type === TICKET_CACHE_FRESH_MESSAGE) reconnected();
}

/**
 * Runs `callback` whenever the server can be reached again — `online`, or the service worker saying
 * a slow server has answered since a saved copy was shown — e.g. to reload what is shown.
 */
export function useOnReconnect(callback: () => void): void {
  useEffect(() => {
    reconnectListeners.add(callback);
    return () => {
      reconnectListeners.delete(callback);
    };
  }, [callback]);
}
