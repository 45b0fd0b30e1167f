import { Hono } from 'hono';
import { linkAccount, listAccesses, unlinkAccount } from '#shared/screens/accesses.ts';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { grantAccess, listGrantees, revokeAccess } from '#server/services/accounts/accesses.ts';

// Доступы (src/shared/screens/accesses.ts): thin handlers over services/accounts/accesses.ts.

export const accessRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

route(
  accessRoutes,
  listAccesses,
  async (c) => ({ success: true, data: await listGrantees(c.var.deps, sessionOf(c).clientId) }),
  loggedIn,
);
route(
  accessRoutes,
  linkAccount,
  async (c, input) => ({
    success: true,
    message: await grantAccess(c.var.deps, sessionOf(c).clientId, input.email, input.level),
  }),
  loggedIn,
);
route(
  accessRoutes,
  unlinkAccount,
  async (c, input) => ({ success: true, message: await revokeAccess(c.var.deps, sessionOf(c).clientId, input.email) }),
  loggedIn,
);
