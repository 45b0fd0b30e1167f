import { useSyncExternalStore } from 'react';

/** The manifest's start_url carries `?source=pwa`: the app was launched from the home screen. */
export const LAUNCH_MARKER_PARAM = 'source';
export const LAUNCH_MARKER_VALUE = 'pwa';
const SESSION_KEY = 'portal:launched-as-app';
const DISPLAY_MODE_QUERY = '(display-mode: standalone)';

function safeSession(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked (privacy settings)
  }
}

/**
 * Remembers the start_url marker for this session, so the app stays in installed mode after the
 * first navigation drops the query. Call once at start, before the router touches the URL.
 */
export function rememberLaunchMarker(search: string = globalThis.location?.search ?? ''): void {
  if (new URLSearchParams(search).get(LAUNCH_MARKER_PARAM) !== LAUNCH_MARKER_VALUE) return;
  try {
    safeSession()?.setItem(SESSION_KEY, '1');
  } catch {
    // quota or privacy mode: the marker just won't outlive this page
  }
}

/**
 * Installed (standalone) mode: the display-mode media query, iOS `navigator.standalone`, or the
 * start_url marker (in the URL now or remembered for the session).
 */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.matchMedia?.(DISPLAY_MODE_QUERY).matches) return true;
  if ((window.navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  if (new URLSearchParams(window.location.search).get(LAUNCH_MARKER_PARAM) === LAUNCH_MARKER_VALUE) return true;
  try {
    return safeSession()?.getItem(SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  const query = typeof window === 'undefined' ? undefined : window.matchMedia?.(DISPLAY_MODE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the app runs installed; follows display-mode changes (e.g. "open in app" from the browser). */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, isStandalone, () => false);
}
