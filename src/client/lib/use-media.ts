import { useCallback, useSyncExternalStore } from 'react';

/** Breakpoints of the spec (cabinet.md §9): phones below 768 px, desktop from 1280 px. */
export const PHONE_MAX_WIDTH = 767.98;
export const DESKTOP_MIN_WIDTH = 1280;

export const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;
export const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;

/** Subscribes to a media query. Prefer CSS media queries for layout; use this only for behaviour. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** Below 768 px. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

/** 1280 px and wider. */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
