import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { PagedList, PagedListAge } from '#client/components/ui/paged-list.tsx';
import { usePagedList } from '#client/lib/use-paged-list.ts';
import { fetchTicketsPage } from './list-api.ts';
import { EMPTY_TICKETS_FILTER, type TicketsListFilter } from './list-query.ts';
import { activeFilterCount, TicketFilters } from './ticket-filters.tsx';
import { TICKETS_CARDS, TICKETS_CARDS_SKELETON } from './tickets-list-cards.tsx';
import { TICKETS_TABLE } from './tickets-list-table.tsx';
import { useTicketsListStore } from './tickets-list-store.ts';

export const EMPTY_TICKETS_TEXT = 'У вас пока нет открытых заявок.';

export interface TicketsListProps {
  /** The logged-in user: 'Только мои заявки' sends this id, and saved rows of another account are not shown. */
  userId: number;
  /** The filters, from the page's address (ADR 0022): a reload, Back and a shared link show the same list. */
  filter: TicketsListFilter;
  /** Puts new filters in the address. */
  onFilterChange: (filter: TicketsListFilter) => void;
  /** Beside the list's age: a colleague's 'Оставить заявку от имени клиники' (the route passes it in). */
  actions?: ReactNode;
}

/** The requests list screen (cabinet.md §2 Requests list). */
export function TicketsList({ userId, filter, onFilterChange, actions }: TicketsListProps) {
  const list = usePagedList(useTicketsListStore, fetchTicketsPage, filter, userId);

  const reset = () => onFilterChange(EMPTY_TICKETS_FILTER);
  return (
    <Page
      title="Заявки"
      actions={
        <>
          {actions}
          <PagedListAge list={list} />
        </>
      }
    >
      <TicketFilters filter={filter} onChange={(patch) => onFilterChange({ ...filter, ...patch })} />
      <PagedList
        list={list}
        loadingText="Загрузка заявок…"
        emptyText={EMPTY_TICKETS_TEXT}
        emptyAction={
          <Link to="/" hash="form-repair" className={buttonClassName('primary')}>
            Оставить заявку
          </Link>
        }
        filtered={activeFilterCount(filter) > 0 ? { onReset: reset } : undefined}
        table={TICKETS_TABLE}
        cards={TICKETS_CARDS}
        cardsSkeleton={TICKETS_CARDS_SKELETON}
      />
    </Page>
  );
}
