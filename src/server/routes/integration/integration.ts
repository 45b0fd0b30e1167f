import { Hono, type Context } from 'hono';
import { integrationMessages } from '#shared/api/integration.ts';
import type { AppDeps, AppEnv } from '#server/context.ts';
import type { EndpointOutput, EndpointParsedInput } from '#shared/api/endpoint.ts';
import { fieldFailure, sendFailure } from '#server/lib/api-failure.ts';
import { loadFile } from '#server/services/files/files.ts';
import { readPathId, route, type RouteHandler } from '#server/lib/validate.ts';
import { requireIntegrationToken } from '#server/middleware/integration-token.ts';
import { createBill, patchBill } from '#server/services/integration/bills.ts';
import { putGift, putOffice, putTradeInInstrument } from '#server/services/integration/catalogue.ts';
import { createClientFromBackOffice } from '#server/services/integration/clients.ts';
import { createDefect, patchDefect } from '#server/services/integration/defects.ts';
import { answerDefect } from '#server/services/integration/defect-answers.ts';
import { listEvents } from '#server/services/integration/events.ts';
import { noteFeedRead } from '#server/metrics/state.ts';
import { uploadFile } from '#server/services/integration/files.ts';
import { createNotification } from '#server/services/integration/notifications.ts';
import { changePoints } from '#server/services/integration/points.ts';
import { cancelOperation, createOperation } from '#server/services/integration/loyalty-operations.ts';
import { clientPoints, setParticipation, setProgramme } from '#server/services/loyalty/participation.ts';
import { createTicket, patchTicket } from '#server/services/integration/tickets.ts';
import { putBanner } from '#server/services/notifications/site-banner.ts';
import {
  deleteClosedDay,
  listClosedDays,
  putClosedDay,
  readClosedDay,
  replaceClosedDays,
} from '#server/services/places/pickup-closed-days.ts';
import { createQuiz, patchQuiz } from '#server/services/integration/quizzes.ts';
import { createCourier, listCouriers, patchCourier } from '#server/services/integration/couriers.ts';
import { createStop, listStops, patchStop } from '#server/services/integration/stops.ts';
import { createPromocode } from '#server/services/loyalty/promocodes.ts';
import {
  fileDownload,
  INTEGRATION_BASE,
  integrationEndpoints as calls,
  type IntegrationEndpoint,
} from './integration-endpoints.ts';
import { sendDownload, storedDownload } from '../files/downloads.ts';
import { openApiDocument } from './openapi.ts';

// The back office's API (API.md), mounted at /api/v1. Each call is an endpoint definition
// (integration-endpoints.ts, which the OpenAPI document is generated from) plus a thin handler;
// the bearer check runs before any body is read. Unknown paths fall through to the app's JSON 404.

export { integrationEndpoints } from './integration-endpoints.ts';

export const integrationRoutes = new Hono<AppEnv>();

// API.md: "Served with an OpenAPI 3 document at GET /api/v1/openapi.json". It describes the calls and
// holds no data, so it is public; registered before the token guard, which therefore never sees it.
integrationRoutes.get('/openapi.json', (c) => c.json(openApiDocument(c.var.deps.config.publicUrl)));

integrationRoutes.use('*', requireIntegrationToken());

/** Registers one call: its path under this mount, its success status the one its document names. */
function on<E extends IntegrationEndpoint>(endpoint: E, handler: NoInfer<RouteHandler<E>>): void {
  route(integrationRoutes, endpoint, handler, { stripPrefix: INTEGRATION_BASE, status: endpoint.doc.status });
}

/** The `:id` of the path; an id that cannot exist is a 404 like an unknown one. */
const pathId = (c: Context<AppEnv>) => readPathId(c);

/** A PATCH by id: the service's change of that record, the path's id and the validated body. */
function onPatch<E extends IntegrationEndpoint>(
  endpoint: E,
  change: (deps: AppDeps, id: number, input: EndpointParsedInput<E>) => Promise<EndpointOutput<E>>,
): void {
  on(endpoint, (c, input) => change(c.var.deps, pathId(c), input));
}

on(calls.createClient, async (c, input) => ({ id: await createClientFromBackOffice(c.var.deps, input) }));
on(calls.putOffice, (c, input) => putOffice(c.var.deps, pathId(c), input));
on(calls.createTicket, (c, input) => createTicket(c.var.deps, input));
onPatch(calls.patchTicket, patchTicket);
on(calls.createDefect, (c, input) => createDefect(c.var.deps, pathId(c), input));
onPatch(calls.patchDefect, patchDefect);
on(calls.answerDefect, (c, input) => answerDefect(c.var.deps, pathId(c), input));
on(calls.createBill, (c, input) => createBill(c.var.deps, input));
onPatch(calls.patchBill, patchBill);
on(calls.createNotification, (c, input) => createNotification(c.var.deps, input));
on(calls.uploadFile, (c) => uploadFile(c.var.deps, c.req.raw));

// A stored file, any of them (photos clinics uploaded with their requests, documents the back office
// uploaded), with its stored type (API.md §Repair requests made in the portal). Binary, so outside
// the JSON call table.
integrationRoutes.get(fileDownload.path.slice(INTEGRATION_BASE.length), async (c) => {
  const file = await loadFile(c.var.deps.database.db, readPathId(c));
  if (!file) return sendFailure(c, fieldFailure('id', integrationMessages.fileNotFound, 404));
  return sendDownload(c, storedDownload(c, file, { etag: false }));
});
on(calls.listEvents, async (c, input) => {
  const page = await listEvents(c.var.deps, input.after, input.limit);
  noteFeedRead(c.var.deps.database, page.next, c.var.deps.now());
  return page;
});
on(calls.putGift, (c, input) => putGift(c.var.deps, pathId(c), input));
on(calls.putTradeInInstrument, (c, input) => putTradeInInstrument(c.var.deps, pathId(c), input));
on(calls.changePoints, (c, input) => changePoints(c.var.deps, pathId(c), input));
on(calls.putBanner, (c, input) => putBanner(c.var.deps, input));
on(calls.createPromocode, (c, input) => createPromocode(c.var.deps, input));
on(calls.createQuiz, (c, input) => createQuiz(c.var.deps, input));
onPatch(calls.patchQuiz, patchQuiz);
on(calls.createLoyaltyOperation, (c, input) => createOperation(c.var.deps, input));
on(calls.cancelLoyaltyOperation, (c, input) => cancelOperation(c.var.deps, pathId(c), input));
on(calls.setClientLoyalty, (c, input) => setParticipation(c.var.deps, pathId(c), input));
on(calls.putLoyaltyProgramme, (c, input) => setProgramme(c.var.deps, input));
on(calls.getClientPoints, (c) => clientPoints(c.var.deps, pathId(c)));
on(calls.listClosedDays, (c) => listClosedDays(c.var.deps));
on(calls.putClosedDay, (c, input) => putClosedDay(c.var.deps, readClosedDay(c.req.param('date')), input));
on(calls.deleteClosedDay, async (c) => deleteClosedDay(c.var.deps, readClosedDay(c.req.param('date'))));
on(calls.putPickupCalendar, (c, input) => replaceClosedDays(c.var.deps, input));
on(calls.createCourier, async (c, input) => ({ id: await createCourier(c.var.deps, input) }));
onPatch(calls.patchCourier, patchCourier);
on(calls.listCouriers, (c) => listCouriers(c.var.deps.database.db));
on(calls.createStop, (c, input) => createStop(c.var.deps, input));
onPatch(calls.patchStop, patchStop);
on(calls.listStops, (c, input) => listStops(c.var.deps, input));
