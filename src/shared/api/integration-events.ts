import * as v from 'valibot';
import { agreedField, defectStatusField, eventCursor, moneyField, ticketStatusField } from './integration.ts';
import { POINTS_STATES } from './loyalty.ts';
import { stopDoneOutcome, stopFailedOutcome } from './integration-couriers.ts';
import { STOP_KINDS } from '../dictionaries/courier-stops.ts';
import { accessLevel } from '../screens/access-levels.ts';

// What each event of GET /api/v1/events carries in `payload` (docs/api.md "Events written by these
// calls"): one schema per type, so the OpenAPI document describes the feed as a `oneOf` on `type`
// and a generated client knows each payload's fields. Answers only: nothing here validates input.

const id = v.pipe(v.number(), v.integer());
const moment = v.pipe(v.string(), v.metadata({ format: 'date-time' }));
const text = v.string();

/** `changed` of the *.updated events: the fields whose value changed, with the new value. */
const changedOf = <E extends v.ObjectEntries>(entries: E) => v.partial(v.object(entries));

const decision = { defect_id: id, actor_client_id: id };

const portalContact = v.object({ name: text, surname: text, phone: text, email: text });
const portalAddress = v.object({
  company: text,
  address: text,
  country: text,
  zip: text,
  room: text,
  message: text,
  /** "lat,lon" of the checked house, or as the page sent it, or null. */
  coordinates: v.nullable(text),
  /** False: the geo provider was down or slow, the address is as typed: call the clinic to confirm it. */
  checked: v.boolean(),
});
const portalInstrument = v.object({
  id,
  serial_number: text,
  type: id,
  name: v.nullable(text),
  description: text,
  guarantee: v.boolean(),
});

/** A colleague's access: who gives it, to whom, and at what level (issue 41). */
const accessChange = v.object({ owner_client_id: id, grantee_client_id: id, level: v.optional(accessLevel) });

export const eventPayloads = {
  'client.registered': v.object({
    client_id: id,
    email: text,
    source: v.optional(v.picklist(['integration', 'portal'])),
  }),
  'client.created': v.object({
    client_id: id,
    source: v.literal('portal'),
    email: text,
    name: text,
    surname: text,
    phone: text,
    company: text,
  }),
  'client.updated': v.object({
    client_id: id,
    changed: changedOf({
      name: text,
      surname: text,
      phone: v.nullable(text),
      patronymic: v.nullable(text),
      company: v.nullable(text),
      email: text,
      loyalty_eligible_at: v.nullable(moment),
    }),
  }),
  'ticket.created': v.object({
    ticket_id: id,
    status: ticketStatusField,
    office_id: v.optional(v.nullable(id)),
    instrument_ids: v.array(id),
    /** The rest is a portal request's (`source: "portal"`). */
    source: v.optional(v.literal('portal')),
    contact: v.optional(portalContact),
    address: v.optional(portalAddress),
    pickup_date: v.optional(v.nullable(text)),
    instruments: v.optional(v.array(portalInstrument)),
    file_ids: v.optional(v.array(id)),
  }),
  'ticket.updated': v.object({
    ticket_id: id,
    changed: changedOf({
      status: ticketStatusField,
      office_id: v.nullable(id),
      finished: v.boolean(),
      tracking_link: v.nullable(text),
      provider_order_id: v.nullable(text),
      waybill_file_id: v.nullable(id),
    }),
  }),
  'defect.created': v.object({ defect_id: id, ticket_id: id, version: id, status: defectStatusField, sum: moneyField }),
  'defect.updated': v.object({
    defect_id: id,
    ticket_id: id,
    version: id,
    changed: changedOf({
      status: defectStatusField,
      sum: moneyField,
      conclusion: v.nullable(text),
      departure: v.nullable(text),
      agreed: agreedField,
    }),
  }),
  'defect.approved': v.object({ ...decision, balls: v.optional(v.nullable(id)), gift: v.optional(v.nullable(id)) }),
  'defect.rejected': v.object({ ...decision, comment: v.nullable(text) }),
  'defect.discussed': v.object({ ...decision, comment: v.nullable(text) }),
  'defect.trade_in': v.object({ ...decision, instrument_id: id, price: moneyField }),
  'defect.answered': v.object({ defect_id: id, ticket_id: id, answer_id: id, text }),
  'bill.created': v.object({
    bill_id: id,
    id_1c: text,
    amount_document: moneyField,
    status: v.nullable(text),
    defective_list_ids: v.array(id),
  }),
  'bill.updated': v.object({
    bill_id: id,
    changed: changedOf({ status: v.nullable(text), purpose: v.nullable(text), vat: v.nullable(text) }),
  }),
  'bill.payment_reported': v.object({
    bill_id: id,
    id_1c: text,
    amount_document: moneyField,
    reported_at: moment,
    reported_by: id,
  }),
  'notification.created': v.object({ notification_id: id }),
  'points.changed': v.object({
    client_id: id,
    entry_id: id,
    delta: id,
    kind: v.picklist(['earned', 'credited', 'returned', 'spent', 'annulled']),
    state: v.picklist(POINTS_STATES),
    reason: text,
    activates_at: v.nullable(moment),
    expires_at: v.nullable(moment),
    bill_id: v.nullable(id),
    defect_id: v.nullable(id),
    operation_id: v.nullable(id),
    balance: id,
    pending: id,
  }),
  // One shape for the three (issue 41): `level` on a grant and a change (always on a change), none on a revoke.
  'access.granted': accessChange,
  'access.changed': accessChange,
  'access.revoked': accessChange,
  'feedback.sent': v.object({ client_id: id, comment: text }),
  'promocode.used': v.object({ client_id: id, code: text, points: id }),
  'quiz.answered': v.object({
    client_id: id,
    quiz_id: id,
    answers: v.array(v.object({ question_id: id, results: v.array(id), own_answer: v.nullable(text) })),
  }),
  'courier.created': v.object({ courier_id: id, email: text }),
  'courier.updated': v.object({
    courier_id: id,
    changed: changedOf({ name: text, surname: text, phone: text, active: v.boolean() }),
  }),
  'stop.en_route': v.object({ stop_id: id, ticket_id: id, courier_id: id, eta_minutes: id, eta_at: moment }),
  'stop.done': v.object({
    stop_id: id,
    kind: v.picklist(STOP_KINDS),
    ticket_id: id,
    courier_id: id,
    done_at: moment,
    ...stopDoneOutcome.entries,
  }),
  'stop.failed': v.object({
    stop_id: id,
    kind: v.picklist(STOP_KINDS),
    ticket_id: id,
    courier_id: id,
    ...stopFailedOutcome.entries,
    at: moment,
  }),
} as const;

export type FeedEventType = keyof typeof eventPayloads;

/** One event of the feed with its own payload: what the document's `Event` `oneOf` lists. */
function typedEvent<T extends FeedEventType>(type: T) {
  return v.object({
    id: eventCursor,
    type: v.literal(type),
    created_at: moment,
    client_id: v.nullable(id),
    ticket_id: v.nullable(id),
    payload: eventPayloads[type],
  });
}

export const typedEvents = Object.fromEntries(
  (Object.keys(eventPayloads) as FeedEventType[]).map((type) => [type, typedEvent(type)]),
) as { [T in FeedEventType]: ReturnType<typeof typedEvent<T>> };

/** An event of any type, told apart by `type`. */
export const anyEvent = v.variant('type', Object.values(typedEvents));

/** GET /events as documented: each event with its own payload (the route checks the generic shape, see ADR 0050). */
export const typedFeedPage = v.object({ events: v.array(anyEvent), next: eventCursor });
