import * as v from 'valibot';
import { defineEndpoint, okResponse } from './endpoint.ts';
import { cursorParam, isoDate, nullableMoney, queryInt, serverTimestamp } from './query.ts';
import { TICKET_PATH, TICKETS_LIST_PATH, TICKETS_PAGE_SIZE } from './tickets-addresses.ts';
import { STOP_FAIL_REASONS, STOP_KINDS, STOP_STATES } from '../dictionaries/courier-stops.ts';

// The clinic's requests (cabinet.md §2 Requests list, Ticket page; §3 entities).

export { TICKETS_PAGE_SIZE };

export const ticketListItem = v.object({
  id: v.number(),
  created_at: serverTimestamp,
  /** The creator's e-mail; the client shows a placeholder when empty. */
  email: v.string(),
  status: v.string(),
  status_code: v.number(),
  dv_approve_need: v.boolean(),
  defectives_count: v.number(),
  tools_count: v.number(),
  dpd_order: v.boolean(),
});
export type TicketListItem = v.InferOutput<typeof ticketListItem>;

export const ticketFilter = v.object({
  number: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{0,9}$/, 'Номер заявки — только цифры'))),
  date_from: v.optional(isoDate),
  date_to: v.optional(isoDate),
  status: v.optional(queryInt(0, 7)),
  /** The current user's id when 'Только мои заявки' is on. */
  client_id: v.optional(queryInt(1, 2_000_000_000)),
  cursor: v.optional(cursorParam),
  limit: v.optional(queryInt(1, 100)),
});
export type TicketFilter = v.InferInput<typeof ticketFilter>;

export const listTickets = defineEndpoint({
  method: 'GET',
  path: TICKETS_LIST_PATH,
  input: ticketFilter,
  output: okResponse({ data: v.array(ticketListItem), next_cursor: v.nullable(v.string()) }),
});

export const office = v.object({
  id: v.number(),
  name: v.string(),
  country_name: v.string(),
  city: v.string(),
  address: v.string(),
  manager_phone: v.string(),
  email: v.string(),
  region: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  is_show_in_crimea: v.boolean(),
});
export type Office = v.InferOutput<typeof office>;

/** The service centre's answer to the clinic's question ('Обсудить') on a statement. */
export const discussionAnswer = v.object({
  /** The clinic's question it answers. */
  question: v.string(),
  text: v.string(),
  answered_at: serverTimestamp,
});
export type DiscussionAnswer = v.InferOutput<typeof discussionAnswer>;

export const defectStatement = v.object({
  id: v.number(),
  ticket_id: v.number(),
  series: v.string(),
  status: v.number(),
  type: v.number(),
  name: v.string(),
  defect: v.string(),
  conclusion: v.nullable(v.string()),
  /** The statement's document (the priced quote); null for a level without prices (ADR 0054). */
  download_link: v.nullable(v.string()),
  id_1c: v.nullable(v.string()),
  photos: v.array(v.object({ id: v.number(), relativeUrl: v.string(), original_name: v.string() })),
  /** External parcel-tracking page of the instrument's departure. */
  departure: v.nullable(v.string()),
  /** The cost of works; null for a colleague whose access is 'Только заявки' (no prices, ADR 0049). */
  sum: nullableMoney,
  /** 0 not agreed; 1 approved; 2 rejected; 3 under discussion; 4 traded in. */
  agreed: v.number(),
  trade_is_enabled: v.boolean(),
  /** Grows with every back-office change; decisions name it so a changed quote is never approved blindly. */
  version: v.number(),
  /** What the clinic wrote with its current decision: the question of a discussion, the reason of a rejection. */
  decision_comment: v.optional(v.nullable(v.string()), null),
  /** Who wrote that comment when it was not the viewer (the owner, or a colleague with access); null: the viewer. */
  decision_author: v.optional(v.nullable(v.string()), null),
  /**
   * A trade-in (agreed 4): the new instrument chosen instead of the repair, its name and its price
   * with the trade-in (named like the statement's own), as they were when it was agreed; null for any
   * other decision. Short names: this schema is on the cold path of the requests list.
   */
  trade_in: v.optional(v.nullable(v.object({ name: v.string(), sum: nullableMoney })), null),
  /** The service centre's answer to the clinic's newest question; null while unanswered (or never asked). */
  answer: v.optional(v.nullable(discussionAnswer), null),
});
export type DefectStatement = v.InferOutput<typeof defectStatement>;

export const instrument = v.object({
  id: v.number(),
  serial_number: v.string(),
  status: v.number(),
  type: v.number(),
  description: v.string(),
  /** The clinic's own name of a 'Свой вариант' (type 12). */
  name: v.optional(v.nullable(v.string()), null),
  /** The clinic sent it as under warranty ('На гарантии'); copies saved before this field: not. */
  guarantee: v.optional(v.boolean(), false),
});
export type Instrument = v.InferOutput<typeof instrument>;

/**
 * What the clinic asked for when it sent the request (portal.md §2.1–2.2), for the courier and the
 * clinic to check on the ticket. Tickets the back office opened have none.
 */
export const ticketRequest = v.object({
  company: v.string(),
  /** As the geo provider formatted it when checked, else as typed. */
  address: v.string(),
  country: v.string(),
  zip: v.string(),
  room: v.string(),
  /** The comment to the address (up to 30 characters). */
  message: v.string(),
  /** YYYY-MM-DD. */
  pickup_date: v.string(),
  /** "lat,lon" of the found house; null when the address could not be checked. */
  coordinates: v.nullable(v.string()),
  checked: v.boolean(),
  contact: v.object({ name: v.string(), surname: v.string(), phone: v.string(), email: v.string() }),
  photos: v.array(v.object({ id: v.number(), name: v.string(), url: v.string() })),
});
export type TicketRequest = v.InferOutput<typeof ticketRequest>;

/**
 * A courier's visit for the ticket (API.md §Added for the fourth wave): a pickup or a return, planned, under way or
 * finished. `text` is the line to show ('Курьер забрал инструменты 29.11 в 11:40 (2 из 2)', 'Курьер
 * выехал к вам, будет примерно в 11:40', 'Курьер не застал вас …'); null while only planned.
 */
export const courierVisit = v.object({
  id: v.number(),
  kind: v.picklist(STOP_KINDS),
  state: v.picklist(STOP_STATES),
  /** YYYY-MM-DD. */
  date: v.string(),
  /** 'HH:MM-HH:MM' or null. */
  window: v.nullable(v.string()),
  eta_at: v.nullable(serverTimestamp),
  finished_at: v.nullable(serverTimestamp),
  /** A done visit: the instruments handed over of the ticket's, and who handed them over or received them. */
  collected: v.nullable(v.number()),
  total: v.nullable(v.number()),
  person: v.nullable(v.string()),
  /** A failed visit: why ('closed', 'no_contact', 'not_ready', 'other') and the courier's comment. */
  reason: v.nullable(v.picklist(STOP_FAIL_REASONS)),
  comment: v.nullable(v.string()),
  text: v.nullable(v.string()),
});
export type CourierVisit = v.InferOutput<typeof courierVisit>;

export const ticket = v.object({
  id: v.number(),
  status: v.string(),
  status_code: v.number(),
  created_at: serverTimestamp,
  /**
   * Total cost of the works on the ticket's statements. Null for a colleague whose access is 'Только
   * заявки' (ADR 0049): no prices, and so no decisions — the page shows it to read only.
   */
  cost: nullableMoney,
  hasDefects: v.boolean(),
  finished: v.boolean(),
  shippingOrder: v.nullable(
    v.object({
      tracking_link: v.nullable(v.string()),
      provider_order_id: v.string(),
      waybill_url: v.nullable(v.string()),
    }),
  ),
  pdf_url: v.string(),
  office: v.nullable(office),
  defective_lists: v.array(defectStatement),
  instruments: v.array(instrument),
  /** The clinic's request the ticket was made from; null for the back office's tickets (and copies saved before it). */
  request: v.optional(v.nullable(ticketRequest), null),
  /** The courier's visits, oldest day first; copies saved before them: none. */
  courier_visits: v.optional(v.array(courierVisit), []),
});
export type Ticket = v.InferOutput<typeof ticket>;

export const getTicket = defineEndpoint({
  method: 'GET',
  path: TICKET_PATH,
  output: okResponse({ ticket }),
});

export const historyItem = v.object({
  created_at: serverTimestamp,
  description: v.string(),
  subject: v.object({ type: v.string(), id: v.nullable(v.number()) }),
  /** The ticket the line is about (its statements' lines too): История links there. */
  ticket_id: v.optional(v.nullable(v.number()), null),
});
export type HistoryItem = v.InferOutput<typeof historyItem>;

export const getTicketHistory = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/history/tickets/:id',
  output: okResponse({ data: v.array(historyItem) }),
});

// Downloads (binary answers, owner only; a foreign or unknown id is 404).
export const downloadPaths = {
  ticketPdf: (id: number) => `/ajax/cabinet/tickets/${id}/get-pdf`,
  waybill: (providerOrderId: string) => `/ajax/cabinet/file/invoice/${encodeURIComponent(providerOrderId)}`,
  file: (id: number) => `/ajax/cabinet/files/${id}`,
  bill: (id: number) => `/ajax/cabinet/bills/${id}/download`,
} as const;
