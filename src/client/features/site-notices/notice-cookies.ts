// The cookies of the site's notices (portal.md §4.6, §9): set when a notice opens, so it stays away
// for their life.

/** The banner: at most once a day. */
export const BANNER_COOKIE = 'banner_notification';
export const BANNER_DAYS = 1;
/** The ad-blocker notice: at most once in 7 days. */
export const ADBLOCK_COOKIE = 'adblock_notification';
export const ADBLOCK_DAYS = 7;
