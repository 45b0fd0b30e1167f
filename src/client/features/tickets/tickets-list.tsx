import { useEffect } from 'react';
import { Page } from '#client/components/layout/page.tsx';
import { PagedList, PagedListAge } from '#client/components/ui/paged-list.tsx';
import { TicketFilters } from './ticket-filters.tsx';
import { TICKETS_CARDS, TICKETS_CARDS_SKELETON } from './tickets-list-cards.tsx';
import { TICKETS_TABLE } from './tickets-list-table.tsx';
import { useTicketsListStore } from './tickets-list-store.ts';
import styles from './tickets-list.module.css';

export const EMPTY_TICKETS_TEXT = 'У вас пока нет открытых заявок.';

export interface TicketsListProps {
  /** The logged-in user: 'Только мои заявки' sends this id, and saved rows of another account are not shown. */
  userId: number;
}

/** The requests list screen (cabinet.md §2 Requests list). */
export function TicketsList({ userId }: TicketsListProps) {
  const state = useTicketsListStore();

  useEffect(() => {
    void useTicketsListStore.getState().load(userId);
  }, [userId]);

  return (
    <Page title="Заявки" actions={<PagedListAge state={state} userId={userId} />}>
      {/* Until the saved filter is read back (IndexedDB, a moment after this chunk loads) the filters are
          laid out but hidden and inert: their space is kept, so the list does not jump down when they
          show. The key then mounts them afresh with the saved values. */}
      <div className={state.hydrated ? undefined : styles.filtersPending} inert={!state.hydrated} key={state.hydrated ? 'saved' : 'pending'}>
        <TicketFilters filter={state.filter} onChange={(patch) => void state.setFilter(patch, userId)} />
      </div>
      <PagedList
        state={state}
        userId={userId}
        loadingText="Загрузка заявок…"
        emptyText={EMPTY_TICKETS_TEXT}
        table={TICKETS_TABLE}
        cards={TICKETS_CARDS}
        cardsSkeleton={TICKETS_CARDS_SKELETON}
      />
    </Page>
  );
}
