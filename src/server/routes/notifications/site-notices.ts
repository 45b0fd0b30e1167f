import { Hono } from 'hono';
import { AD_PROBE_MARKER, AD_PROBE_PATH, BANNER_IMAGE_PATH, getBanner } from '#shared/screens/site-notices.ts';
import { getSiteSettings } from '#shared/api/site-settings.ts';
import { getLoyaltyProgramme } from '#shared/api/loyalty-programme.ts';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure, sendFailure } from '#server/lib/api-failure.ts';
import { readPathId, route } from '#server/lib/validate.ts';
import { supportEmailOf } from '#server/services/places/contacts.ts';
import { listOffices } from '#server/services/places/offices.ts';
import { currentProgrammeNotice } from '#server/services/loyalty/programme-notice.ts';
import { currentBanner, publicBannerImage } from '#server/services/notifications/site-banner.ts';
import { sendDownload, storedDownload } from '../files/downloads.ts';

// The site's notices (src/shared/screens/site-notices.ts): public calls, a guest's as much as a clinic's.

export const siteNoticeRoutes = new Hono<AppEnv>();

route(siteNoticeRoutes, getBanner, async (c) => {
  c.header('Cache-Control', 'no-cache');
  return { success: true, banner: await currentBanner(c.var.deps.database.db) };
});

siteNoticeRoutes.get(BANNER_IMAGE_PATH, async (c) => {
  try {
    const file = await publicBannerImage(c.var.deps.database.db, readPathId(c));
    return await sendDownload(c, storedDownload(c, file, { inline: true }));
  } catch (error) {
    if (error instanceof ApiFailure) return sendFailure(c, error);
    throw error;
  }
});

route(siteNoticeRoutes, getSiteSettings, async (c) => {
  const { config, database } = c.var.deps;
  c.header('Cache-Control', 'no-cache');
  // The same address as the contacts page and the mails' Reply-To: SUPPORT_EMAIL, else the central office's.
  const supportEmail = supportEmailOf(config, await listOffices(database.db));
  return { success: true, main_site_url: config.mainSiteUrl ?? null, support_email: supportEmail };
});

// The ad-blocker probe: a script that does nothing, under a name blockers refuse. Never cached, so
// every probe reaches the network (and the blocker) again.
siteNoticeRoutes.get(AD_PROBE_PATH, (c) =>
  c.body(`/* ${AD_PROBE_MARKER}: не реклама, проверка блокировщика */\n`, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'no-store',
  }),
);

// The loyalty programme's pause or end, from its announcement (portal.md §4.7), for every page's notice.
route(siteNoticeRoutes, getLoyaltyProgramme, async (c) => {
  const { database, now } = c.var.deps;
  c.header('Cache-Control', 'no-cache');
  return { success: true, programme: await currentProgrammeNotice(database.db, now()) };
});
