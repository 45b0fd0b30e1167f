// The requests list call (src/shared/api/tickets.ts listTickets) through the app's one HTTP client.
import { listTickets, TICKETS_PAGE_SIZE, type TicketFilter, type TicketListItem } from '#shared/api/tickets.ts';
import { ownerAndCursor, type Page } from '#client/lib/paged-list-store.ts';
import { callApiWithAge } from '#client/lib/http.ts';

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

export async function fetchTicketsPage(
  filter: TicketsListFilter,
  userId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<TicketListItem>> {
  const { output, cachedAt } = await callApiWithAge(listTickets, {
    input: ticketsQuery(filter, userId, cursor),
    signal,
  });
  return { items: output.data, nextCursor: output.next_cursor, cachedAt };
}
