// The requests list call (src/shared/api/tickets.ts listTickets) through the app's one HTTP client.
import { listTickets, type TicketListItem } from '#shared/api/tickets.ts';
import type { Page } from '#client/lib/paged-list-store.ts';
import { callApiWithAge } from '#client/lib/http.ts';
import { ticketsQuery, type TicketsListFilter } from './list-query.ts';

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
