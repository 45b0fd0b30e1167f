// Test data for the requests list.
import type { TicketListItem } from '#shared/api/tickets.ts';
import { EMPTY_TICKETS_FILTER } from '../list-api.ts';
import { useTicketsListStore } from '../tickets-list-store.ts';

export function makeTicket(overrides: Partial<TicketListItem> = {}): TicketListItem {
  return {
    id: 1001,
    created_at: '2025-03-05 14:07:00',
    email: 'anna@clinic.ru',
    status: 'Ожидает одобрения',
    status_code: 1,
    dv_approve_need: false,
    defectives_count: 0,
    tools_count: 3,
    dpd_order: false,
    ...overrides,
  };
}

export const ticketsPage = (data: TicketListItem[], nextCursor: string | null = null) => ({
  body: { success: true, data, next_cursor: nextCursor },
});

/** A fresh, hydrated store (the persisted copy of an earlier test does not leak in). */
export function resetTicketsListStore(): void {
  localStorage.clear();
  useTicketsListStore.setState({
    filter: EMPTY_TICKETS_FILTER,
    items: [],
    nextCursor: null,
    fetchedAt: null,
    ownerId: null,
    firstPage: { length: 0, nextCursor: null },
    loading: false,
    error: null,
    loadingMore: false,
    moreError: null,
    hydrated: true,
  });
}
