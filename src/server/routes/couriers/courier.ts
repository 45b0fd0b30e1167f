import { Hono, type Context } from 'hono';
import type { Endpoint, EndpointOutput, EndpointParsedInput } from '#shared/api/endpoint.ts';
import * as contract from '#shared/screens/courier.ts';
import type { AppEnv } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { ApiFailure, notFound, sendFailure } from '#server/lib/api-failure.ts';
import { readPathId, route, validateWith } from '#server/lib/validate.ts';
import { requireCourier } from '#server/middleware/account-kind.ts';
import { requireIdempotencyKey } from '#server/middleware/idempotency-key.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import * as actions from '#server/services/couriers/actions.ts';
import { courierDay, courierSeesFile, courierStop, courierStops } from '#server/services/couriers/day.ts';
import { loadFile } from '#server/services/files/files.ts';
import {
  insertPhotoRows,
  keepPhotosIfNamed,
  readRequestWithPhotos,
  requestWithPhotosIdentity,
  uploadRepairPhoto,
  type PhotosForm,
} from '#server/services/repair-requests/repair-photos.ts';
import { sendDownload, storedDownload } from '../files/downloads.ts';
import { callOnce } from '../idempotent-call.ts';

// The courier's calls (src/shared/screens/courier.ts): its day, a stop's card, the three actions
// and the photos. Only a courier's session gets here (requireCourier; a clinic's is 403), and only
// its own stops are ever read (services/couriers/day.ts). The actions go through withIdempotency,
// as the clinic's decisions do: the outbox's replays are one action.

export const courierRoutes = new Hono<AppEnv>();

type Ctx = Context<AppEnv>;

const readGuards = { before: [requireSession(), requireCourier()] };
const actionGuards = { before: [requireSession(), requireCourier(), requireIdempotencyKey()] };

route(
  courierRoutes,
  contract.listCourierStops,
  async (c, input) => {
    const { deps } = c.var;
    const date = courierDay(input.date, deps.now());
    c.header('Cache-Control', 'no-store');
    return { success: true, date, stops: await courierStops(deps.database.db, sessionOf(c).clientId, date) };
  },
  readGuards,
);

route(
  courierRoutes,
  contract.getCourierStop,
  async (c) => {
    const { deps } = c.var;
    c.header('Cache-Control', 'no-store');
    return {
      success: true,
      stop: await courierStop(deps.database.db, sessionOf(c).clientId, readPathId(c), deps.now()),
    };
  },
  readGuards,
);

type Action<E extends Endpoint> = (
  tx: Tx,
  caller: actions.CourierCaller,
  input: EndpointParsedInput<E>,
) => Promise<EndpointOutput<E>>;

/**
 * Runs an action once per Idempotency-Key: `identity` is what makes two sends of it one (the input;
 * with photos sent along, their contents too).
 */
async function act<Answer>(
  c: Ctx,
  endpoint: Endpoint,
  identity: unknown,
  run: (tx: Tx, caller: actions.CourierCaller) => Promise<Answer>,
): Promise<Answer> {
  const caller = { courierId: sessionOf(c).clientId, now: c.var.deps.now() };
  return (await callOnce(c, caller.courierId, endpoint, identity, (tx) => run(tx, caller))).body;
}

function actionRoute<E extends Endpoint>(endpoint: E, run: Action<E>): void {
  route(
    courierRoutes,
    endpoint,
    (c, input) => act(c, endpoint, input, (tx, caller) => run(tx, caller, input)),
    actionGuards,
  );
}

actionRoute(contract.stopEnRoute, actions.enRoute);
actionRoute(contract.stopDone, actions.done);
actionRoute(contract.stopFailed, actions.failed);

/** The `request` part of a hand-over sent with its photos: stopDone's input, at most STOP_PHOTOS_MAX photos in all. */
const doneForm: PhotosForm<EndpointParsedInput<typeof contract.stopDone>> = {
  validate: (raw) => validateWith(contract.stopDone.input, raw),
  named: (input) => input.photo_file_ids,
  max: contract.STOP_PHOTOS_MAX,
  tooMany: { field: 'photo_file_ids', message: contract.courierMessages.tooManyPhotos },
  missingPart: contract.courierMessages.requestPart,
};

// 'Забрал' / 'Доставил' with the photos taken offline (the outbox's form of the call, ADR 0051): the
// photos are stored as they arrive, then named in the action's transaction; a refusal or a repeat
// (answered from the first send, whose photos its stop names) deletes them.
route(
  courierRoutes,
  contract.stopDoneWithPhotos,
  async (c) => {
    const { deps } = c.var;
    const sent = await readRequestWithPhotos(deps, sessionOf(c).clientId, c.req.raw, doneForm);
    return keepPhotosIfNamed(deps, sent, async () => {
      let written = false;
      const answer = await act(c, contract.stopDoneWithPhotos, requestWithPhotosIdentity(sent), async (tx, caller) => {
        const ids = await insertPhotoRows(tx, caller.courierId, sent.photos);
        const done = await actions.done(tx, caller, {
          ...sent.input,
          photo_file_ids: [...sent.input.photo_file_ids, ...ids],
        });
        written = true;
        return done;
      });
      return { answer, named: written };
    });
  },
  actionGuards,
);

// The same photo rules and daily budget as a clinic's repair photos; the file is the courier's own.
route(
  courierRoutes,
  contract.uploadCourierPhoto,
  async (c) => ({ success: true, ...(await uploadRepairPhoto(c.var.deps, sessionOf(c).clientId, c.req.raw)) }),
  readGuards,
);

courierRoutes.get('/ajax/courier/files/:id', requireSession(), requireCourier(), async (c) => {
  try {
    const { deps } = c.var;
    const id = readPathId(c);
    const file = (await courierSeesFile(deps.database.db, sessionOf(c).clientId, id, deps.now()))
      ? await loadFile(deps.database.db, id)
      : null;
    if (!file) throw notFound();
    return await sendDownload(c, storedDownload(c, file));
  } catch (error) {
    if (error instanceof ApiFailure) return sendFailure(c, error);
    throw error;
  }
});
