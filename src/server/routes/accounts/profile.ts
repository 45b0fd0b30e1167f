import { Hono } from 'hono';
import {
  confirmEmailChange,
  resendEmailChangeCode,
  updatePersonalData,
  updateProfile,
} from '#shared/screens/profile.ts';
import type { AppEnv } from '#server/context.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import * as profile from '#server/services/accounts/profile.ts';

// The clinic's own data (src/shared/screens/profile.ts): thin handlers over services/accounts/profile.ts.

export const profileRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

route(
  profileRoutes,
  updatePersonalData,
  async (c, input) => profile.updatePersonalData(c.var.deps, sessionOf(c).clientId, input, clientIp(c)),
  loggedIn,
);

route(
  profileRoutes,
  confirmEmailChange,
  async (c, input) => ({
    success: true,
    message: await profile.confirmEmailChange(c.var.deps, sessionOf(c).clientId, input.code, clientIp(c)),
  }),
  loggedIn,
);

route(
  profileRoutes,
  resendEmailChangeCode,
  async (c) => ({
    success: true,
    message: await profile.resendEmailChangeCode(c.var.deps, sessionOf(c).clientId, clientIp(c)),
  }),
  loggedIn,
);

route(
  profileRoutes,
  updateProfile,
  async (c, input) => ({
    success: true,
    message: await profile.updateSettings(c.var.deps, sessionOf(c).clientId, input),
  }),
  loggedIn,
);
