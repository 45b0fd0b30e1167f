import type { Context, MiddlewareHandler } from 'hono';
import { countRepairRequests } from '#server/middleware/count-repair-requests.ts';
import { getPickupCalendar } from '#shared/screens/pickup-calendar.ts';
import {
  createRepairRequest,
  createRepairRequestWithPhotos,
  uploadRepairPhoto,
  type RepairRequestValues,
} from '#shared/screens/repair-requests.ts';
import { Hono } from 'hono';
import type { AppEnv } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { requireIdempotencyKey } from '#server/middleware/idempotency-key.ts';
import {
  clinicRequest,
  keepPhotosIfNamed,
  readRequestWithPhotos,
  requestWithPhotosIdentity,
  uploadRepairPhoto as savePhoto,
  withStoredPhotos,
} from '#server/services/repair-requests/repair-photos.ts';
import { callOnce } from '../idempotent-call.ts';
import { checkPickupAddress } from '#server/services/places/geo.ts';
import { loadPickupCalendar } from '#server/services/places/pickup-calendar.ts';
import {
  createRepairRequest as createRequest,
  requireConfirmedEmail,
  type RepairCaller,
} from '#server/services/repair-requests/repair-requests.ts';

// Repair requests made in the portal (src/shared/screens/repair-requests.ts): photos first, then the
// request under an Idempotency-Key, so that a request sent again (a retry, the worker's outbox) is
// one ticket. Photos not uploaded first (no network) come with the request in one call.

export const repairRequestRoutes = new Hono<AppEnv>();

/** Before the body is read (photos may be 20 MB) and before the key is claimed. */
const confirmedEmail: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireConfirmedEmail(c.var.deps.database.db, sessionOf(c).clientId);
  await next();
};
const guards = { before: [countRepairRequests('clinic'), requireSession(), requireIdempotencyKey(), confirmedEmail] };

/** Creates the ticket at most once per key; `identity` is what a repeat must match. */
async function createOnce(
  c: Context<AppEnv>,
  endpoint: { method: string; path: string },
  identity: unknown,
  typedAddress: string,
  input: (tx: Tx, caller: RepairCaller) => Promise<RepairRequestValues>,
) {
  const { deps } = c.var;
  const caller = {
    viewerId: sessionOf(c).clientId,
    now: deps.now(),
    pickupCutoffHour: deps.config.pickupCutoffHour,
    log: deps.log,
  };
  // Asked before the transaction: a slow provider (up to 3 s) must not hold the database.
  const place = await checkPickupAddress(deps, typedAddress, 'address.address');
  const created = await callOnce(c, caller.viewerId, endpoint, identity, async (tx) =>
    createRequest(tx, caller, await input(tx, caller), place),
  );
  return created.body as { success: true; ticket_id: number };
}

route(
  repairRequestRoutes,
  uploadRepairPhoto,
  async (c) => ({ success: true, ...(await savePhoto(c.var.deps, sessionOf(c).clientId, c.req.raw)) }),
  { before: [requireSession()] },
);

route(
  repairRequestRoutes,
  createRepairRequest,
  (c, input) => createOnce(c, createRepairRequest, input, input.address.address, async () => input),
  guards,
);

route(
  repairRequestRoutes,
  createRepairRequestWithPhotos,
  async (c) => {
    const sent = await readRequestWithPhotos(c.var.deps, sessionOf(c).clientId, c.req.raw, clinicRequest);
    // Only a ticket written by this very call names the photos: a repeat is answered from the first send.
    return keepPhotosIfNamed(c.var.deps, sent, async () => {
      let written = false;
      const answer = await createOnce(
        c,
        createRepairRequestWithPhotos,
        requestWithPhotosIdentity(sent),
        sent.input.address.address,
        (tx, caller) => {
          written = true;
          return withStoredPhotos(tx, caller.viewerId, sent);
        },
      );
      return { answer, named: written };
    });
  },
  guards,
);

// The calendar the address step applies (src/shared/screens/pickup-days.ts). Public, as the service
// centres are: the wizard is open to guests. Five minutes old at most, so a day the back office
// closes reaches the pages soon; the server checks again anyway.
route(repairRequestRoutes, getPickupCalendar, async (c) => {
  const { config, database, now, log } = c.var.deps;
  const calendar = await loadPickupCalendar(database.db, { pickupCutoffHour: config.pickupCutoffHour, log }, now());
  c.header('Cache-Control', 'public, max-age=300');
  return {
    success: true,
    cutoff_hour: calendar.cutoffHour,
    closed_days: [...calendar.closedDays],
    open_days: [...(calendar.openDays ?? [])],
  };
});
