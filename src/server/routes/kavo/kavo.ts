import { Hono } from 'hono';
import {
  connectKavoId,
  getKavoProfile,
  KAVO_CALLBACK_PATH,
  KAVO_PAGE_PATH,
  listKavoIds,
  unlinkKavoId,
  updateKavoProfile,
} from '#shared/screens/kavo.ts';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { listIdentities, readProfile, unlinkIdentity, updateProfile } from '#server/services/kavo/identities.ts';
import { finishLink, startLink } from '#server/services/kavo/link.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';

// KAVO ID (src/shared/screens/kavo.ts): thin handlers over services/kavo/link.ts and identities.ts.

export const kavoRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

route(
  kavoRoutes,
  connectKavoId,
  async (c) => {
    const session = sessionOf(c);
    await enforceLimits(c.var.deps, [[rateRules.kavoAccount, String(session.clientId)]]);
    return { success: true, url: await startLink(c.var.deps, session) };
  },
  loggedIn,
);

// The provider sends the browser here (a top-level GET, so the Lax session cookie comes along);
// the page then says how it went. The URL is rebuilt on PUBLIC_URL: it must equal the redirect_uri.
kavoRoutes.get(KAVO_CALLBACK_PATH, async (c) => {
  const query = new URL(c.req.url).search;
  const result = await finishLink(
    c.var.deps,
    c.var.session,
    new URL(`${KAVO_CALLBACK_PATH}${query}`, c.var.deps.config.publicUrl),
  );
  c.header('Cache-Control', 'no-store');
  return c.redirect(`${KAVO_PAGE_PATH}?kavo=${result}`, 303);
});

route(
  kavoRoutes,
  listKavoIds,
  async (c) => ({
    success: true,
    configured: c.var.deps.config.kavo !== undefined,
    profiles: await listIdentities(c.var.deps, sessionOf(c).clientId),
  }),
  loggedIn,
);

route(
  kavoRoutes,
  getKavoProfile,
  async (c, input) => {
    const clientId = sessionOf(c).clientId;
    await enforceLimits(c.var.deps, [[rateRules.kavoAccount, String(clientId)]]);
    return { success: true, ...(await readProfile(c.var.deps, clientId, input.kavo_id)) };
  },
  loggedIn,
);

route(
  kavoRoutes,
  updateKavoProfile,
  async (c, { kavo_id, ...form }) => ({
    success: true,
    message: await updateProfile(c.var.deps, sessionOf(c).clientId, kavo_id, form),
  }),
  loggedIn,
);

route(
  kavoRoutes,
  unlinkKavoId,
  async (c, input) => ({
    success: true,
    message: await unlinkIdentity(c.var.deps, sessionOf(c).clientId, input.kavo_id),
  }),
  loggedIn,
);
