import { useEffect } from 'react';
import { Page } from '#client/components/layout/page.tsx';
import { PagedList, PagedListAge } from '#client/components/ui/paged-list.tsx';
import { TicketFilters } from './ticket-filters.tsx';
import { TICKETS_CARDS, TICKETS_CARDS_SKELETON } from './tickets-list-cards.tsx';
import { TICKETS_TABLE } from './tickets-list-table.tsx';
import { useTicketsListStore } from './tickets-list-store.ts';

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
      {state.hydrated && <TicketFilters filter={state.filter} onChange={(patch) => void state.setFilter(patch, userId)} />}
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
