// A link with a non-empty ?promocode= (portal.md §4.2, Startup): the shell reads the code once as
// the app starts and opens the login for a guest, the result popup for a logged-in user. Part of
// the start, so it is only this check: the popup, and the address clean-up after it, are lazy.

export const PROMOCODE_PARAM = 'promocode';

/** The non-empty promocode of a query string, trimmed; null when absent or blank. */
export function promocodeFromSearch(search: string): string | null {
  return new URLSearchParams(search).get(PROMOCODE_PARAM)?.trim() || null;
}
