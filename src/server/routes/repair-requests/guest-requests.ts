import type { Context } from 'hono';
import { Hono } from 'hono';
import { countRepairRequests } from '#server/middleware/count-repair-requests.ts';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, REPLAYED_HEADER } from '#shared/api/headers.ts';
import {
  confirmGuestCode,
  createGuestRepairRequest,
  createGuestRepairRequestWithPhotos,
  guestRepairRequestInput,
  sendGuestCode,
} from '#shared/screens/guest-requests.ts';
import type { AppEnv } from '#server/context.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { route, validateWith } from '#server/lib/validate.ts';
import * as guestCodes from '#server/services/repair-requests/guest-codes.ts';
import { createGuestRequest } from '#server/services/repair-requests/guest-requests.ts';
import {
  keepPhotosIfNamed,
  readRequestWithPhotos,
  repairRequestForm,
} from '#server/services/repair-requests/repair-photos.ts';
import { requireIdempotencyKey } from '#server/middleware/idempotency-key.ts';
import { browserTokenOf, ensureBrowserToken } from '#server/middleware/browser-cookie.ts';

// The guest wizard (docs/api.md; src/shared/screens/guest-requests.ts). The browser that asks for a code
// gets a random guest token in an HttpOnly cookie sent to these paths only; its hash is stored with
// the code, so the code and the confirmed e-mail work in that browser alone.

export const guestRequestRoutes = new Hono<AppEnv>();

export const GUEST_COOKIE = 'portal_guest';
const guestCookie = { name: GUEST_COOKIE, path: '/ajax/guest' };
const guestTokenOf = (c: Context<AppEnv>): string | null => browserTokenOf(c, guestCookie);
const ensureGuestToken = (c: Context<AppEnv>): string => ensureBrowserToken(c, guestCookie);

route(guestRequestRoutes, sendGuestCode, async (c, input) => {
  const message = await guestCodes.sendGuestCode(c.var.deps, input.email, ensureGuestToken(c), clientIp(c));
  return { success: true, message };
});

route(guestRequestRoutes, confirmGuestCode, async (c, input) => {
  const message = await guestCodes.confirmGuestCode(c.var.deps, input.email, input.code, guestTokenOf(c), clientIp(c));
  return { success: true, message };
});

const callerOf = (c: Context<AppEnv>) => ({
  key: idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER)) ?? '',
  guestToken: guestTokenOf(c),
  ip: clientIp(c),
});
const keyed = { before: [countRepairRequests('guest'), requireIdempotencyKey()] };

route(
  guestRequestRoutes,
  createGuestRepairRequest,
  async (c, input) => {
    const result = await createGuestRequest(c.var.deps, { input, photos: [] }, callerOf(c));
    if (result.replayed) c.header(REPLAYED_HEADER, 'true');
    return result.body;
  },
  keyed,
);

route(
  guestRequestRoutes,
  createGuestRepairRequestWithPhotos,
  async (c) => {
    // Admitted and budgeted per address (a guest has no account yet), as a clinic's are per account.
    const ip = clientIp(c);
    const sent = await readRequestWithPhotos(
      c.var.deps,
      `guest:${ip}`,
      c.req.raw,
      repairRequestForm((raw) => validateWith(guestRepairRequestInput, raw)),
    );
    // Only a ticket written by this very call names the stored photos: not a repeat's.
    return keepPhotosIfNamed(c.var.deps, sent, async () => {
      const result = await createGuestRequest(c.var.deps, sent, callerOf(c));
      if (result.replayed) c.header(REPLAYED_HEADER, 'true');
      return { answer: result.body, named: !result.replayed };
    });
  },
  keyed,
);
