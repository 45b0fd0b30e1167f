// The requests list's query, without its schemas: the entry builds a cold start's first request with it
// (head-starts.ts), the list every request (list-api.ts).
import type { TicketFilter } from '#shared/api/tickets.ts';
import { TICKETS_PAGE_SIZE } from '#shared/api/tickets-addresses.ts';
import { ownerAndCursor } from '#client/lib/list-owner-and-cursor.ts';

/** What the user set on the list; dates are yyyy-MM-dd as the server takes them. */
export interface TicketsListFilter {
  /** A ticket status code (#shared/dictionaries/ticket-statuses.ts), null for all. */
  status: number | null;
  dateFrom: string | null;
  dateTo: string | null;
  /** Digits of a request number; '' for none. */
  number: string;
  /** 'Только мои заявки': sends the user's id as client_id. */
  onlyMine: boolean;
}

export const EMPTY_TICKETS_FILTER: TicketsListFilter = {
  status: null,
  dateFrom: null,
  dateTo: null,
  number: '',
  onlyMine: false,
};

/** The query string of the list call: only the fields that are set. */
export function ticketsQuery(filter: TicketsListFilter, userId: number, cursor: string | null): TicketFilter {
  const query: TicketFilter = { limit: String(TICKETS_PAGE_SIZE) };
  if (filter.status !== null) query.status = String(filter.status);
  if (filter.dateFrom) query.date_from = filter.dateFrom;
  if (filter.dateTo) query.date_to = filter.dateTo;
  if (filter.number) query.number = filter.number;
  return { ...query, ...ownerAndCursor(filter.onlyMine, userId, cursor) };
}
