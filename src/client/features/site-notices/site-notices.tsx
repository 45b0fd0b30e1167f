import { useState } from 'react';
import { AD_PROBE_MARKER, AD_PROBE_PATH, getBanner, type Banner } from '#shared/screens/site-notices.ts';
import { hasNoConnection, serverAnswers } from '#client/lib/connection.ts';
import { hasCookie } from '#client/lib/screens/cookies.ts';
import { callApi } from '#client/lib/http.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { ADBLOCK_COOKIE, BANNER_COOKIE } from './notice-cookies.ts';

// The site's notices in the shell (portal.md §Startup and mounting, §4.6). Only the two small checks live here, on
// every page's start; the dialogs come in their own chunks, and only when there is something to show.

/** portal.md §9: the banner shows 2 s after load (and at most once a day, notice-cookies.ts). */
export const BANNER_DELAY_MS = 2000;

const BannerDialog = lazyComponent(() => import('./banner-dialog.tsx').then((module) => module.BannerDialog), {
  failed: () => null,
});
const AdblockNotice = lazyComponent(() => import('./adblock-notice.tsx').then((module) => module.AdblockNotice), {
  failed: () => null,
});

/**
 * Whether something in the browser stopped the probe: a blocker answered it with a stub script of its
 * own, or the probe alone failed while our server answers. With no connection, or the server out of
 * reach, a failed probe is the network, not a blocker; an error answer of our server is no blocker.
 */
export async function adsBlocked(): Promise<boolean> {
  if (hasNoConnection()) return false;
  try {
    const response = await fetch(AD_PROBE_PATH, { cache: 'no-store', credentials: 'omit' });
    return response.ok && !(await response.text()).includes(AD_PROBE_MARKER);
  } catch {
    if (hasNoConnection()) return false;
    return serverAnswers();
  }
}

/** The banner to show, if any: with no connection, or already shown today (the cookie), there is nothing to ask. */
async function loadBanner(signal: AbortSignal): Promise<Banner | null> {
  if (hasNoConnection() || hasCookie(BANNER_COOKIE)) return null;
  const { banner } = await callApi(getBanner, { signal });
  return banner.is_active && banner.image !== null ? banner : null;
}

const loadAdsBlocked = (): Promise<boolean> => (hasCookie(ADBLOCK_COOKIE) ? Promise.resolve(false) : adsBlocked());

export function SiteNotices() {
  // The 2 s count from the page's start, not from the answer.
  const [showAt] = useState(() => Date.now() + BANNER_DELAY_MS);
  // A failed load is only a banner not shown (portal.md §8): the failure is not shown.
  const banner = useRemote(loadBanner).data;
  const blocked = useRemote(loadAdsBlocked).data;

  return (
    <>
      {banner ? <BannerDialog banner={banner} showAt={showAt} /> : null}
      {blocked ? <AdblockNotice /> : null}
    </>
  );
}
