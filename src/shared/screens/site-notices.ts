import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';

// The site's notices (portal.md §2.3, §4.6, §7): the promo banner the back office sets and the
// ad-blocker probe's address. Small: the shell makes both checks on every start.

/** As the spec names the call: `banner.is_active`, `banner.link`, `banner.image` (an address to show). */
export const getBanner = defineEndpoint({
  method: 'GET',
  path: '/ajax/banner/get',
  output: okResponse({
    banner: v.object({ is_active: v.boolean(), link: v.nullable(v.string()), image: v.nullable(v.string()) }),
  }),
});
export type Banner = v.InferOutput<typeof getBanner.output>['banner'];

/** The banner's picture, public while the active banner shows it (services/access/access.ts). */
export const BANNER_IMAGE_PATH = '/ajax/banner/image/:id';
export const bannerImagePath = (fileId: number) => BANNER_IMAGE_PATH.replace(':id', String(fileId));

/**
 * An address ad blockers refuse (their lists block ad scripts by name), served by our own server
 * with a tiny script. Fetching it fails only when something in the browser stopped it. The service
 * worker leaves it alone and it is never precached.
 */
export const AD_PROBE_PATH = '/ads/adsbygoogle.js';
/** What our probe script says: a blocker that swaps in a stub script of its own is caught by this. */
export const AD_PROBE_MARKER = 'portal-ad-probe';
