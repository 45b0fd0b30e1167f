import { Hono } from 'hono';
import {
  changePassword,
  checkResetCode,
  confirmEmail,
  confirmRegistration,
  getUserData,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  sendEmailConfirmationCode,
  sendRegistrationCode,
} from '#shared/api/account.ts';
import type { AppEnv } from '#server/context.ts';
import { unauthorized } from '#server/lib/api-failure.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { route } from '#server/lib/validate.ts';
import { authenticate, loadUserData } from '#server/services/accounts/accounts.ts';
import * as emailConfirmation from '#server/services/accounts/email-confirmation.ts';
import * as recovery from '#server/services/accounts/password-recovery.ts';
import * as registration from '#server/services/accounts/registration.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { knownDevice, rememberDevice } from '#server/services/accounts/login-devices.ts';
import { browserTokenOf, ensureBrowserToken } from '#server/middleware/browser-cookie.ts';
import { csrfTokenFor, endSession, startSession } from '#server/middleware/session-cookie.ts';

// The account endpoints of src/shared/api/account.ts: thin handlers over the services.

export const accountRoutes = new Hono<AppEnv>();

route(accountRoutes, getUserData, async (c) => {
  const { session, deps } = c.var;
  const user = session ? await loadUserData(deps.database.db, session.clientId, deps.now()) : null;
  if (session && !user) {
    // The account behind the cookie is gone: behave as logged out.
    await endSession(c);
  }
  // Never cached: it carries the CSRF token and personal data.
  c.header('Cache-Control', 'no-store');
  return { success: true, user, csrf_token: csrfTokenFor(c) };
});

/** Names the browser that asked for a registration code: the code works there only (services/accounts/code-limits.ts). */
export const REGISTRATION_COOKIE = 'portal_register';
const registrationCookie = { name: REGISTRATION_COOKIE, path: '/ajax/register' };

route(accountRoutes, sendRegistrationCode, async (c, input) => {
  const token = ensureBrowserToken(c, registrationCookie);
  const message = await registration.sendRegistrationCode(c.var.deps, input, token, clientIp(c));
  return { success: true, message };
});

route(accountRoutes, confirmRegistration, async (c, input) => {
  const token = browserTokenOf(c, registrationCookie);
  const result = await registration.confirmRegistration(c.var.deps, input, token, clientIp(c));
  return { success: true, ...result };
});

route(accountRoutes, login, async (c, input) => {
  const { deps } = c.var;
  const account = await authenticate(deps, input.email, input.password, clientIp(c), (id) => knownDevice(c, id));
  const user = await loadUserData(deps.database.db, account.id, deps.now());
  if (!user) throw unauthorized();
  rememberDevice(c, account.id);
  const session = await startSession(c, account.id, account.kind);
  return { success: true, user, csrf_token: session.csrfToken };
});

route(accountRoutes, logout, async (c) => {
  const csrfToken = await endSession(c);
  return { success: true, csrf_token: csrfToken };
});

route(accountRoutes, requestPasswordReset, async (c, input) => {
  const message = await recovery.requestPasswordReset(c.var.deps, input.email, clientIp(c));
  return { success: true, message };
});

route(accountRoutes, resetPassword, async (c, input) => {
  const { message, email } = await recovery.resetPassword(
    c.var.deps,
    input.code,
    input.new_password,
    c.var.session,
    clientIp(c),
  );
  return { success: true, message, email };
});

route(accountRoutes, checkResetCode, async (c, input) => {
  const valid = await recovery.checkResetCode(c.var.deps, input.code, clientIp(c));
  return { success: true, valid };
});

route(
  accountRoutes,
  changePassword,
  async (c, input) => {
    const message = await recovery.changePassword(c.var.deps, sessionOf(c), input, clientIp(c));
    return { success: true, message };
  },
  { before: [requireSession()] },
);

route(
  accountRoutes,
  sendEmailConfirmationCode,
  async (c) => ({
    success: true,
    message: await emailConfirmation.sendEmailConfirmationCode(c.var.deps, sessionOf(c).clientId, clientIp(c)),
  }),
  { before: [requireSession()] },
);

route(
  accountRoutes,
  confirmEmail,
  async (c, input) => ({
    success: true,
    message: await emailConfirmation.confirmEmail(c.var.deps, sessionOf(c).clientId, input.code, clientIp(c)),
  }),
  { before: [requireSession()] },
);
