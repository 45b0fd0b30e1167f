import { useEffect } from 'react';
import { create } from 'zustand';
import { TICKET_CACHE_FRESH_MESSAGE } from '#shared/api/ticket-cache.ts';
import type * as ServerProbe from './screens/server-probe.ts';

// Whether the page can reach its server: the one answer every 'no connection' on the page reads (the
// offline banner, the data's age, the saved addresses, the guest's notice, the site's notices). It
// comes from what the requests do: a call that failed on the network, or that the service worker
// answered with a saved copy, marks the server unreachable; any answer of the server clears it.
// `navigator.onLine` is only a hint: `false` is believed at once (no network at all), `true` proves
// nothing (a dead mobile connection, a captive portal, Chromium after an offline reload — issue 36).

export interface ConnectionState {
  /** The browser says it has no network at all (navigator.onLine is false). */
  browserOffline: boolean;
  /** The last call did not reach the server, or the service worker answered it with a saved copy. */
  serverUnreachable: boolean;
}

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

export const useConnection = create<ConnectionState>()(() => ({
  browserOffline: browserOffline(),
  serverUnreachable: false,
}));

/** No connection: the browser has no network, or the server did not answer the last call. */
export const selectNoConnection = (state: ConnectionState): boolean => state.browserOffline || state.serverUnreachable;

/** The same, read once outside React (a load deciding whether to ask at all). */
export const hasNoConnection = (): boolean => selectNoConnection(useConnection.getState());

/** The same in a component, kept current. */
export const useNoConnection = (): boolean => useConnection(selectNoConnection);

/**
 * Whether our server itself answers now: its health check, straight from the network (the worker
 * lets it through untouched). A captive portal's page is not our server's JSON. Here, not in the
 * probe's chunk: a failed chunk asks it before reloading (lib/chunk-reload.ts), when no chunk comes.
 */
export const serverAnswers = (): Promise<boolean> =>
  fetch('/healthz', { cache: 'no-store', credentials: 'omit' })
    .then((response) => response.json())
    .then(
      () => true,
      () => false,
    );

/** Called by lib/http.ts after each API call: did the server itself answer? */
export function reportServerReached(reached: boolean): void {
  if (reached) {
    // An answer proves the network too, whatever the browser said.
    if (hasNoConnection()) reconnected();
    return;
  }
  if (useConnection.getState().serverUnreachable) return;
  useConnection.setState({ serverUnreachable: true });
  scheduleProbe();
}

/**
 * When the data shown came from the server (ms since epoch) while it is a saved copy — the worker's
 * (no network), the device's after a failed refresh, or anything at all with no connection — else
 * null: fresh data shows no age. The one rule for every 'Обновлено … назад'.
 */
export function savedCopyAt(
  fetchedAt: number,
  shown: { cached: boolean; failed: boolean; noConnection: boolean },
): number | null {
  return shown.cached || shown.failed || shown.noConnection ? fetchedAt : null;
}

const reconnectListeners = new Set<() => void>();

function reconnected(): void {
  stopProbe?.();
  stopProbe = undefined;
  useConnection.setState({ browserOffline: false, serverUnreachable: false });
  for (const listener of reconnectListeners) listener();
}

// While the server is out of reach the page asks it now and then whether it is back (lib/screens/server-probe.ts,
// loaded only then): a screen that failed to load should not wait for a tap on 'Повторить'.
let stopProbe: (() => void) | undefined;

function scheduleProbe(): void {
  if (stopProbe || typeof window === 'undefined') return;
  stopProbe = () => undefined;
  import('./screens/server-probe.ts').then(
    // Nothing after a failed chunk whose vite:preloadError lib/chunk-reload.ts cancelled: as a failure.
    (probe: typeof ServerProbe | undefined) => {
      if (probe && hasNoConnection()) stopProbe = probe.probeUntilBack(hasNoConnection, reconnected);
      else stopProbe = undefined;
    },
    // The chunk did not come (no connection, no worker yet): the next failed call tries again.
    () => (stopProbe = undefined),
  );
}

if (typeof window !== 'undefined') {
  // Back online: trust it until a call says otherwise (the pages reload their data on this event).
  window.addEventListener('online', reconnected);
  window.addEventListener('offline', () => useConnection.setState({ browserOffline: true }));
  // The server answered the worker after all, after a saved copy was shown (a slow connection).
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => onWorkerMessage(event.data));
}

/** A message from the service worker: the server answered after all, after a saved copy was shown. */
export function onWorkerMessage(data: unknown): void {
  if ((data as { type?: unknown } | null)?.type === TICKET_CACHE_FRESH_MESSAGE) reconnected();
}

/**
 * Runs `callback` whenever the server can be reached again — `online`, an answer of the server after
 * calls that did not reach it, the probe, or the service worker saying a slow server has answered
 * since a saved copy was shown — e.g. to reload what is shown.
 */
export function useOnReconnect(callback: () => void): void {
  useEffect(() => {
    reconnectListeners.add(callback);
    return () => {
      reconnectListeners.delete(callback);
    };
  }, [callback]);
}

/** Runs `listener` on every reconnection, outside React (the worker bridge); returns its removal. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}
