import { useCallback, useState } from 'react';
import { useRouter, type AnyRouter } from '@tanstack/react-router';

// A link with a non-empty ?promocode= (portal.md §4.2, Startup): the code is read once when the app
// starts and kept until it has been applied; the shell opens the login for a guest, the result
// popup for a logged-in user. Part of the start, so it stays this small: the popup is lazy.

export const PROMOCODE_PARAM = 'promocode';

/** The non-empty promocode of a query string, trimmed; null when absent or blank. */
export function promocodeFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get(PROMOCODE_PARAM)?.trim();
  return code ? code : null;
}

/** The code the app was opened with, and `done()` once it is applied: it leaves the address, so a reload does not repeat it. */
export function usePromocodeLink(): { code: string | null; done: () => void } {
  const [code, setCode] = useState(() => (typeof window === 'undefined' ? null : promocodeFromSearch(window.location.search)));
  const router = useRouter({ warn: false }) as AnyRouter | undefined;
  const done = useCallback(() => {
    setCode(null);
    const url = new URL(window.location.href);
    if (!url.searchParams.has(PROMOCODE_PARAM)) return;
    url.searchParams.delete(PROMOCODE_PARAM);
    const href = `${url.pathname}${url.search}${url.hash}`;
    if (router) router.history.replace(href, router.history.location.state);
    else window.history.replaceState(window.history.state, '', href);
  }, [router]);
  return { code, done };
}
