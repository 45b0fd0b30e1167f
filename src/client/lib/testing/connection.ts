// Test helpers: the browser going offline and back, as lib/connection.ts sees it (navigator.onLine and its events).
import { vi } from 'vitest';
import { reportServerReached, useConnection } from '../connection.ts';

export function goOffline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}

export function goOnline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
}

/** Every test starts online with nothing reported (tests/setup/dom.ts). */
export function resetConnection(): void {
  reportServerReached(true);
  useConnection.setState({ browserOffline: false, serverUnreachable: false });
}
