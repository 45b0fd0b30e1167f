import { useCallback, type MouseEvent } from 'react';
import { useRouter, type AnyRouter } from '@tanstack/react-router';

/**
 * Client-side navigation to a plain path, through the router when there is one (the app), by a page
 * load otherwise. Plain paths keep this feature free of the route tree's types.
 */
export function useSoftNavigate(): (href: string) => void {
  const router = useRouter({ warn: false }) as AnyRouter | undefined;
  return useCallback(
    (href: string) => {
      if (router) void router.navigate({ href });
      else window.location.assign(href);
    },
    [router],
  );
}

/** onClick for an `<a href>`: soft navigation on a plain left click, the browser's own otherwise (new tab…). */
export function useSoftLinkClick(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useSoftNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = event.currentTarget;
      if (anchor.target && anchor.target !== '_self') return;
      event.preventDefault();
      navigate(anchor.getAttribute('href') ?? '/');
    },
    [navigate],
  );
}

/** A getter of the page the user is on now (read when needed, e.g. after a login; not subscribed). */
export function usePathnameGetter(): () => string {
  const router = useRouter({ warn: false }) as AnyRouter | undefined;
  return useCallback(() => {
    if (router) return router.state.location.pathname;
    return typeof window === 'undefined' ? '/' : window.location.pathname;
  }, [router]);
}
