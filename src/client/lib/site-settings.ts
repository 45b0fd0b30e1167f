import { getSiteSettings, type SiteSettings } from '#shared/api/site-settings.ts';
import { callApi } from './http.ts';
import { useRemote } from './use-remote.ts';

// The server's public settings (MAIN_SITE_URL, SUPPORT_EMAIL): asked once, by whatever shows them
// first (the More panel's main-site links, the loyalty rules), never on a cold start.

let pending: Promise<SiteSettings> | undefined;

export function loadSiteSettings(): Promise<SiteSettings> {
  pending ??= callApi(getSiteSettings).then(
    ({ main_site_url, support_email }) => ({ main_site_url, support_email }),
    (error: unknown) => {
      pending = undefined; // asked again next time (offline now, say)
      throw error;
    },
  );
  return pending;
}

/** The settings once they are in; null before, and when they could not be had (nothing to show then). */
export function useSiteSettings(): SiteSettings | null {
  // One request for all who ask (loadSiteSettings): one of them leaving does not abort it.
  return useRemote(loadSiteSettings).data;
}

/** Tests start with nothing asked. */
export function forgetSiteSettings(): void {
  pending = undefined;
}
