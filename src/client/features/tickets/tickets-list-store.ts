import type { TicketListItem } from '#shared/api/tickets.ts';
import { createPagedListStore } from '#client/lib/paged-list-store.ts';
import { EMPTY_TICKETS_FILTER, type TicketsListFilter } from './list-query.ts';

export const TICKETS_LIST_STORE_KEY = 'tickets-list';

/** The requests list: its offline copy: the last filter and its first page, saved to IndexedDB (a cold start shows them at once). */
export const useTicketsListStore = createPagedListStore<TicketListItem, TicketsListFilter>({
  name: TICKETS_LIST_STORE_KEY,
  initialFilter: EMPTY_TICKETS_FILTER,
});
