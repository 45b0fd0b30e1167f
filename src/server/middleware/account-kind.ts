import type { MiddlewareHandler } from 'hono';
import {
  changePassword,
  checkResetCode,
  getUserData,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
} from '#shared/api/account.ts';
import { reportClientError } from '#shared/api/client-errors.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { getSiteSettings } from '#shared/api/site-settings.ts';
import { getContacts } from '#shared/screens/contacts.ts';
import { listNotifications, markNotificationsRead } from '#shared/screens/notifications.ts';
import { mapSettings } from '#shared/screens/places.ts';
import { getPushKey, subscribePush, unsubscribePush } from '#shared/screens/push.ts';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure, sendFailure } from '#server/lib/api-failure.ts';

// Each kind of account is served its own calls (DESIGN.md §Couriers; ADR 0042). A courier gets
// its /ajax/courier/* calls and a short list of the shell's own (its login, password, notifications,
// Web Push, public settings): every other call is 403, so a cabinet call added later is closed to
// couriers without anyone remembering to close it. A clinic gets 403 from /ajax/courier/*.

export const COURIER_ONLY_MESSAGE = 'Этот раздел доступен только курьерам сервисного центра';
export const NOT_FOR_COURIERS_MESSAGE = 'Этот раздел недоступен курьеру';

export const COURIER_PREFIX = '/ajax/courier/';

/** The shell's calls a courier makes besides its own: none of them reads a clinic's records. */
const COURIER_SHELL_CALLS: readonly Endpoint[] = [
  getUserData,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  checkResetCode,
  changePassword,
  reportClientError,
  getSiteSettings,
  getContacts,
  mapSettings,
  // The courier's own notifications and this phone's Web Push subscription.
  listNotifications,
  markNotificationsRead,
  getPushKey,
  subscribePush,
  unsubscribePush,
];

const shellCalls = new Set(COURIER_SHELL_CALLS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));

/** Whether a courier may make this call; the paths of COURIER_SHELL_CALLS have no parameters. */
export function isCourierCall(method: string, path: string): boolean {
  return path.startsWith(COURIER_PREFIX) || shellCalls.has(`${method.toUpperCase()} ${path}`);
}

const refuse = (message: string) => new ApiFailure(403, { success: false, message });

/** Mounted on /ajax/* after the session is loaded: a courier's session reaches its own calls only. */
export function fenceCouriers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.session?.kind === 'courier' && !isCourierCall(c.req.method, c.req.path))
      return sendFailure(c, refuse(NOT_FOR_COURIERS_MESSAGE));
    await next();
  };
}

/** A route guard after requireSession(): 403 for a clinic's session. */
export function requireCourier(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.session?.kind !== 'courier') return sendFailure(c, refuse(COURIER_ONLY_MESSAGE));
    await next();
  };
}
