// Test data for the requests list.
import type { TicketListItem } from '#shared/api/tickets.ts';
import { listPage, resetPagedListStore } from '#client/lib/testing/paged-list-fixtures.ts';
import { EMPTY_TICKETS_FILTER } from '../list-query.ts';
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

export const ticketsPage = listPage<TicketListItem>;

/** A fresh, hydrated store (the persisted copy of an earlier test does not leak in). */
export const resetTicketsListStore = () => resetPagedListStore(useTicketsListStore, EMPTY_TICKETS_FILTER);
