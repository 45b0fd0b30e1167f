import type * as v from 'valibot';
import { defineEndpoint, type Endpoint, type HttpMethod } from '#shared/api/endpoint.ts';
import {
  changePointsInput,
  changePointsOutput,
  createBillInput,
  createClientInput,
  createClientOutput,
  createDefectAnswerInput,
  createDefectInput,
  createDefectOutput,
  createNotificationInput,
  createTicketInput,
  createTicketOutput,
  idOutput,
  listEventsOutput,
  listEventsQuery,
  patchBillInput,
  patchDefectInput,
  patchDefectOutput,
  patchTicketInput,
  patchTicketOutput,
  putGiftInput,
  putOfficeInput,
  putOfficeOutput,
  putTradeInInstrumentInput,
  uploadFileOutput,
  upsertOutput,
} from '#shared/api/integration.ts';
import { typedFeedPage } from '#shared/api/integration-events.ts';
import { putBannerInput, putBannerOutput } from '#shared/api/integration-banner.ts';
import {
  changedOutput,
  createCourierInput,
  createStopInput,
  listCouriersOutput,
  listStopsOutput,
  listStopsQuery,
  patchCourierInput,
  patchStopInput,
} from '#shared/api/integration-couriers.ts';
import { createPromocodeInput, createQuizInput, patchQuizInput } from '#shared/api/integration-promo-quiz.ts';
import {
  deleteClosedDayOutput,
  listClosedDaysOutput,
  putClosedDayInput,
  putClosedDayOutput,
  putPickupCalendarInput,
  putPickupCalendarOutput,
} from '#shared/api/integration-pickup.ts';
import {
  cancelOperationInput,
  cancelOperationOutput,
  clientPointsOutput,
  createOperationInput,
  createOperationOutput,
  participationInput,
  participationOutput,
  programmeInput,
  programmeOutput,
} from '#shared/api/loyalty.ts';

// Every call of the back office's API (API.md), each with what the OpenAPI document says about it
// beside it. The router and the document are both built from this list, so they cannot drift apart:
// the success status the router answers is the document's too.

export const INTEGRATION_BASE = '/api/v1';

/** What the OpenAPI document says of a call besides its schemas (openapi.ts). */
export interface CallDoc {
  summary: string;
  description?: string;
  status: 200 | 201;
  /**
   * Refusals besides those openapi.ts adds from the call's shape: 401, 500 and 503 (every call),
   * 400/415/422 (a JSON body), 400/422 (a query), 404 (an `:id` in the path), 422 (a `:date`).
   */
  errors: Array<400 | 404 | 409 | 413 | 415 | 422>;
  /**
   * What the document shows as the answer when it says more than the route's check: the feed's
   * events, each with its own payload (the route checks the generic shape, ADR 0050).
   */
  documentedOutput?: v.GenericSchema;
  /** True for calls that are not in API.md's table but added for the portal (docs/api.md). */
  extension?: boolean;
  tag: string;
}

export interface IntegrationEndpoint<
  Input extends Endpoint['input'] = Endpoint['input'],
  Output extends Endpoint['output'] = Endpoint['output'],
> extends Endpoint<Input, Output> {
  doc: CallDoc;
}

/** A call's text as its definition gives it: the success status is 200 and it has no refusals of its own unless it says. */
type CallText = Omit<CallDoc, 'status' | 'errors'> & Partial<Pick<CallDoc, 'status' | 'errors'>>;

/** One call under INTEGRATION_BASE, with its documentation. */
function call<Input extends Endpoint['input'], Output extends Endpoint['output']>(
  method: HttpMethod,
  path: string,
  input: Input,
  output: Output,
  { status = 200, errors = [], ...doc }: CallText,
): IntegrationEndpoint<Input, Output> {
  return {
    ...defineEndpoint({ method, path: `${INTEGRATION_BASE}${path}`, input, output }),
    doc: { ...doc, status, errors },
  };
}

/**
 * A PATCH of one record by its id: 200 with the answer, 404 for an unknown id (openapi.ts adds it from
 * the `:id`; kept in `errors` as every call names it), plus the call's own `errors`.
 */
function patchCall<Input extends Endpoint['input'], Output extends Endpoint['output']>(
  path: `/${string}/:id`,
  input: Input,
  output: Output,
  doc: Omit<CallText, 'status'>,
): IntegrationEndpoint<Input, Output> {
  return call('PATCH', path, input, output, { ...doc, errors: [404, ...(doc.errors ?? [])] });
}

export const integrationEndpoints = {
  createClient: call('POST', '/clients', createClientInput, createClientOutput, {
    tag: 'Clients',
    summary: 'Create a client account',
    description: 'Without `password` one is generated and e-mailed. A taken e-mail (any case) is 409.',
    status: 201,
    errors: [409],
  }),
  putOffice: call('PUT', '/offices/:id', putOfficeInput, putOfficeOutput, {
    tag: 'Offices',
    summary: 'Create or replace an office under the back office’s id',
  }),
  createTicket: call('POST', '/tickets', createTicketInput, createTicketOutput, {
    tag: 'Tickets',
    summary: 'Create a ticket with its instruments',
    description: 'An unknown `client_id` or `office_id` is 422 on that field. Instrument ids come back in input order.',
    status: 201,
  }),
  patchTicket: patchCall('/tickets/:id', patchTicketInput, patchTicketOutput, {
    tag: 'Tickets',
    summary: 'Change a ticket',
    description:
      'Any of the fields; absent ones stay. `shipping_order: null` removes the shipping order; inside it, absent keys stay and null clears. ' +
      '`shipping_order.waybill_file_id` (extension) names a file from POST /files. `changed` lists the fields whose value changed; ' +
      'a call that changes nothing writes no event.',
  }),
  createDefect: call('POST', '/tickets/:id/defects', createDefectInput, createDefectOutput, {
    tag: 'Defect statements',
    summary: 'Add a defect statement (repair quote) to a ticket',
    description: 'Created with `agreed` 0 and `version` 1. File ids must exist (422 otherwise).',
    status: 201,
    errors: [404],
  }),
  patchDefect: patchCall('/defects/:id', patchDefectInput, patchDefectOutput, {
    tag: 'Defect statements',
    summary: 'Change a defect statement',
    description:
      'Every call that changes a value increments `version` by 1 (returned); the portal refuses a clinic decision made on an older version. ' +
      'A call that changes nothing keeps the version and writes no event.',
  }),
  answerDefect: call('POST', '/defects/:id/answers', createDefectAnswerInput, idOutput, {
    tag: 'Defect statements',
    summary: 'Answer a clinic’s question on a statement (its “Обсудить”)',
    description:
      'The answer shows on the statement under the question and in the ticket’s history; the clinic is notified (portal, Telegram, Web Push, e-mail if it asked) with the ticket’s link, ' +
      '`defect.answered` `{defect_id, ticket_id, answer_id, text}` is written to the feed, and the statement is open for a decision again (`agreed` 0; `version` grows by 1). ' +
      'A statement the clinic has no open question on (`agreed` is not 3) is 409. `text`: 1–2000 characters.',
    status: 201,
    errors: [404, 409],
  }),
  createBill: call('POST', '/bills', createBillInput, idOutput, {
    tag: 'Bills',
    summary: 'Issue a bill',
    description:
      '`defective_list_ids` must be statements on this client’s tickets (422). The same `id_1c` twice for one client is 409.',
    status: 201,
    errors: [409],
  }),
  patchBill: patchCall('/bills/:id', patchBillInput, changedOutput, {
    tag: 'Bills',
    summary: 'Change a bill’s status',
    description: '"Оплачен" is paid, null is no data, other text is unpaid.',
  }),
  createNotification: call('POST', '/notifications', createNotificationInput, idOutput, {
    tag: 'Notifications',
    summary: 'Notify a client',
    status: 201,
  }),
  uploadFile: call('POST', '/files', undefined, uploadFileOutput, {
    tag: 'Files',
    summary: 'Upload a file (multipart field `file`)',
    description:
      'At most 10 MB (413 above). PDF, JPEG, PNG or WebP, recognised by content (422 otherwise). Returns the id to reference.',
    status: 201,
    errors: [400, 413, 415, 422],
  }),
  listEvents: call('GET', '/events', listEventsQuery, listEventsOutput, {
    tag: 'Events',
    summary: 'The ordered feed of what happened',
    description:
      'Events with id > `after` (default 0), in id order, at most `limit` (default 100, max 1000). `next` is a number: the id of the last ' +
      'event returned, or `after` when there are none; pass it as the next `after`. Each event’s `payload` has the shape of its `type`.',
    documentedOutput: typedFeedPage,
  }),
  putGift: call('PUT', '/gifts/:id', putGiftInput, upsertOutput, {
    tag: 'Loyalty',
    summary: 'Create or replace a gift bought with points',
    extension: true,
  }),
  putTradeInInstrument: call('PUT', '/trade-in-instruments/:id', putTradeInInstrumentInput, upsertOutput, {
    tag: 'Loyalty',
    summary: 'Create or replace a trade-in instrument',
    extension: true,
  }),
  changePoints: call('POST', '/clients/:id/points', changePointsInput, changePointsOutput, {
    tag: 'Loyalty',
    summary: 'Add a points ledger entry',
    description:
      '`delta` is a non-zero integer. A credit is spendable at once for a year. A debit annuls active points (soonest-expiring first); ' +
      'when it is more than the balance the whole balance is annulled (`annulled` says how many; `id` is null when there was nothing). Unknown client: 404.',
    status: 201,
    errors: [404],
    extension: true,
  }),
  putBanner: call('PUT', '/banner', putBannerInput, putBannerOutput, {
    tag: 'Site',
    summary: 'Set the site’s promo banner',
    description:
      'Replaces the one banner: shown to every visitor (logged in or not) while `is_active`, at most once a day per browser. ' +
      '`image_file_id` (from POST /files: JPEG, PNG or WebP) is required when active and becomes public while the active banner shows it; ' +
      'a file a clinic’s record uses is refused (422). `link` is an http(s) address or null.',
  }),
  createPromocode: call('POST', '/promocodes', createPromocodeInput, idOutput, {
    tag: 'Loyalty',
    summary: 'Create a promo code',
    description:
      '`code`: 1–50 letters, digits, `-` or `_`; clinics enter it in any case, and two codes differing only in case are the same one (409). ' +
      '`points` (1–1 000 000) are credited once per client; `max_uses` (optional) caps the clients who can use it; `valid_until` (optional) ' +
      'is the last day (a date: through its end, Moscow time) or moment (a date-time) it works. Each use writes `promocode.used` ' +
      '`{client_id, code, points}`.',
    status: 201,
    errors: [409],
  }),
  createQuiz: call('POST', '/quizzes', createQuizInput, idOutput, {
    tag: 'Loyalty',
    summary: 'Create a bonus survey',
    description:
      'Questions (1–100) in order, each `radio-button` (one choice) or `checkbox` (several), with items (up to 50) and/or `has_own` ' +
      '(a free-text answer of the clinic’s own). File ids must exist (422). `active` (extension, default true): the newest active quiz ' +
      'is offered to clients who have not answered it. Answering credits `balls_count` once per client and writes `quiz.answered` ' +
      '`{client_id, quiz_id, answers: [{question_id, results, own_answer}]}`.',
    status: 201,
  }),
  patchQuiz: patchCall('/quizzes/:id', patchQuizInput, changedOutput, {
    tag: 'Loyalty',
    summary: 'Offer or withdraw a bonus survey',
    description:
      '`{active}`; `changed` is `["active"]` when it changed. An inactive quiz is not offered and its answers are refused.',
  }),
  createLoyaltyOperation: call('POST', '/loyalty/operations', createOperationInput, createOperationOutput, {
    tag: 'Loyalty',
    summary: 'Post an order that earns points',
    description:
      '5 % of the lines’ total, whole points, pending until `paid_at` + 2 days, then active for a year (`points` 0 when the client does not earn: ' +
      'paid before the client took part, left the programme, or a pause or end announced). `external_id` is unique (409). `paid_at` later than now: 422.',
    status: 201,
    errors: [409],
  }),
  cancelLoyaltyOperation: call('POST', '/loyalty/operations/:id/cancel', cancelOperationInput, cancelOperationOutput, {
    tag: 'Loyalty',
    summary: 'Cancel an order, wholly or by lines',
    description:
      '`lines`: indexes into the operation’s lines (all when absent). The points of newly cancelled lines are annulled: the operation’s points split ' +
      'across lines in proportion to their amount, whole numbers adding up to the total; taken from the operation’s own points first, then from the ' +
      'active balance. Lines cancelled before count once.',
    errors: [404],
  }),
  setClientLoyalty: call('POST', '/clients/:id/loyalty', participationInput, participationOutput, {
    tag: 'Loyalty',
    summary: 'Set a client’s participation',
    description:
      '`left` annuls every point, pending ones included; `suspended` holds every point not yet active; `active` after a suspension of more than 30 days ' +
      'annuls the points of operations before the last 30 days, and the held points activate now. `annulled` is how many points this call annulled.',
    errors: [404],
  }),
  putLoyaltyProgramme: call('PUT', '/loyalty/programme', programmeInput, programmeOutput, {
    tag: 'Loyalty',
    summary: 'Announce a pause or end of the programme, or resume it',
    description:
      '`paused` and `ending` need `ends_on` (a date: the start of that day in Moscow; or a date-time) at least 7 days ahead (422). From the announcement ' +
      'no points are credited; spending continues; at `ends_on` every unused point is annulled. `active` cancels an announcement not yet due, or restarts after an end.',
  }),
  getClientPoints: call('GET', '/clients/:id/points', undefined, clientPointsOutput, {
    tag: 'Loyalty',
    summary: 'A client’s points: active balance, pending and every entry with its state now',
    description: 'States: pending, active, spent, expired, annulled, computed from the dates at the time of the call.',
    errors: [404],
  }),
  listClosedDays: call('GET', '/pickup/closed-days', undefined, listClosedDaysOutput, {
    tag: 'Pickup',
    summary: 'The days the back office closed for pickups, from today (Moscow) on',
    description: 'Public holidays are not listed: the portal closes them itself (date-holidays, and 1–8 January).',
    extension: true,
  }),
  putClosedDay: call('PUT', '/pickup/closed-days/:date', putClosedDayInput, putClosedDayOutput, {
    tag: 'Pickup',
    summary: 'Close a day for pickups: no courier comes, the wizard does not offer it and a request for it is refused',
    description:
      'The path’s date is `YYYY-MM-DD` (Moscow); body `{}` or `{"note": "…"}` (up to 200 characters). Closing a closed day again replaces its note.',
    extension: true,
  }),
  deleteClosedDay: call('DELETE', '/pickup/closed-days/:date', undefined, deleteClosedDayOutput, {
    tag: 'Pickup',
    summary: 'Open a day the back office closed',
    description:
      '`deleted` is false when the day was not closed (a repeat is harmless). A public holiday stays closed.',
    extension: true,
  }),
  putPickupCalendar: call('PUT', '/pickup-calendar', putPickupCalendarInput, putPickupCalendarOutput, {
    tag: 'Pickup',
    summary: 'Set the closed pickup days from today on, all at once',
    description:
      'The days the back office closes from today (Moscow) on become exactly `closed` (YYYY-MM-DD, at most 1000; repeats and past days ignored); a day kept keeps its note. The production calendar’s days off stay closed. A malformed or impossible date is 422 and nothing changes.',
  }),
  createCourier: call('POST', '/couriers', createCourierInput, idOutput, {
    tag: 'Couriers',
    summary: 'Open a courier’s account',
    description:
      'The courier logs in with the portal’s login form and lands on /courier. Without `password` one is generated and e-mailed. ' +
      'An e-mail already used by a client or a courier (any case) is 409. Writes `courier.created` `{courier_id, email}`.',
    status: 201,
    errors: [409],
  }),
  patchCourier: patchCall('/couriers/:id', patchCourierInput, changedOutput, {
    tag: 'Couriers',
    summary: 'Change or switch off a courier',
    description:
      '`active: false` ends the courier’s sessions at once (its next request is logged out) and refuses its logins (403); its open stops ' +
      'leave the clinics’ ticket pages and show `courier_active: false` here until given to another courier. `active: true` switches it on again. ' +
      '`changed` lists the fields whose value changed; a change writes `courier.updated` `{courier_id, changed}`. A client’s id is 404.',
  }),
  listCouriers: call('GET', '/couriers', undefined, listCouriersOutput, {
    tag: 'Couriers',
    summary: 'Every courier, switched off ones included',
  }),
  createStop: call('POST', '/stops', createStopInput, idOutput, {
    tag: 'Couriers',
    summary: 'Give a courier a stop: a pickup from or a return to a clinic',
    description:
      '`date` is the Moscow day; `position` the place in the courier’s day (absent: last). For a ticket made from a portal request, `address` ' +
      '(with room, comment and the checked point) and `contact` come from the request unless given; for a back-office ticket both are required (422). ' +
      'The courier must be switched on (422).',
    status: 201,
  }),
  patchStop: patchCall('/stops/:id', patchStopInput, changedOutput, {
    tag: 'Couriers',
    summary: 'Give a stop to another courier or day, reorder it, change its window, cancel or restore it',
    description:
      'A courier’s action queued offline on a stop cancelled or given to another courier meanwhile is refused with 409. ' +
      'Moved to another courier or day without `position`, the stop goes last. A stop the courier has done or failed is 409.',
    errors: [409],
  }),
  listStops: call('GET', '/stops', listStopsQuery, listStopsOutput, {
    tag: 'Couriers',
    summary: 'One day’s stops (default today, Moscow), of one courier or all',
    description:
      'In each courier’s order. `state`: planned, en_route, done or failed; `outcome` is what the courier reported (the same as the ' +
      '`stop.done` and `stop.failed` events).',
  }),
} satisfies Record<string, IntegrationEndpoint>;

export type IntegrationCall = keyof typeof integrationEndpoints;

/**
 * GET /files/{id}: a stored file's bytes, outside the JSON call table (no valibot output); openapi.ts
 * describes it from this, integration.ts routes it.
 */
export const fileDownload = {
  method: 'GET',
  path: `${INTEGRATION_BASE}/files/:id`,
  doc: {
    tag: 'Files',
    summary: 'Download a stored file',
    description:
      'Any stored file: documents the back office uploaded, photos clinics sent with their requests, couriers’ photos. ' +
      'Sent with its stored type, `Content-Disposition: attachment` with its name, `Content-Length` and `Accept-Ranges: bytes`. ' +
      'One range (`Range: bytes=a-b`, `a-`, `-n`) is 206 with `Content-Range`; a range past the end 416; several ranges or a malformed header get the whole file. ' +
      'An unknown id, or a file whose bytes the store does not hold, is 404.',
  },
} as const;
