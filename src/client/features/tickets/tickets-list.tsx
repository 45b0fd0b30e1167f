import { useEffect } from 'react';
import { formatUpdatedAgo } from '#shared/format/date.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { useMediaQuery } from '#client/lib/use-media.ts';
import { TicketFilters } from './ticket-filters.tsx';
import { TicketsCards, TicketsCardsSkeleton } from './tickets-list-cards.tsx';
import { TicketsTable, TicketsTableSkeleton } from './tickets-list-table.tsx';
import { useTicketsListStore } from './tickets-list-store.ts';
import styles from './tickets-list.module.css';

/** The table from this width (cabinet.md §9: mobile below 768 px); cards below. */
export const TABLE_QUERY = '(min-width: 768px)';

export const EMPTY_TICKETS_TEXT = 'У вас пока нет открытых заявок.';

export interface TicketsListProps {
  /** The logged-in user: 'Только мои заявки' sends this id, and saved rows of another account are not shown. */
  userId: number;
}

/** The requests list screen (cabinet.md §2 Requests list). */
export function TicketsList({ userId }: TicketsListProps) {
  const state = useTicketsListStore();
  const { hydrated, filter, items, ownerId, loading, error, nextCursor, loadingMore, moreError, fetchedAt } = state;
  // One tree, not a table and cards both hidden by CSS: a long list would be rendered twice.
  const wide = useMediaQuery(TABLE_QUERY);

  useEffect(() => {
    void useTicketsListStore.getState().load(userId);
  }, [userId]);

  const rows = ownerId === userId ? items : [];
  // Until this user's first answer arrives the list is unknown, not empty: no flash of the empty text.
  const answered = ownerId === userId && fetchedAt !== null;
  const showSkeleton = !hydrated || (rows.length === 0 && (loading || (!answered && !error)));
  const retry = () => void state.load(userId);

  return (
    <Page title="Заявки">
      {hydrated && <TicketFilters filter={filter} onChange={(patch) => void state.setFilter(patch, userId)} />}

      <span className="visually-hidden" role="status" aria-live="polite">
        {loading ? 'Загрузка заявок…' : ''}
      </span>

      {error && (
        <div className={styles.error} role="alert">
          <p>
            {error}
            {rows.length > 0 && fetchedAt !== null && ` Показан сохранённый список (${formatUpdatedAgo(fetchedAt)}).`}
          </p>
          <Button variant="secondary" onClick={retry}>
            Повторить
          </Button>
        </div>
      )}

      <div className={styles.list} aria-busy={loading || undefined}>
        {showSkeleton ? (
          wide ? <TicketsTableSkeleton /> : <TicketsCardsSkeleton />
        ) : rows.length === 0 ? (
          !error && <p className={styles.empty}>{EMPTY_TICKETS_TEXT}</p>
        ) : wide ? (
          <TicketsTable items={rows} />
        ) : (
          <TicketsCards items={rows} />
        )}
      </div>

      {!showSkeleton && !error && (
        <LoadMore
          hasMore={nextCursor !== null}
          loading={loadingMore}
          error={moreError}
          onLoadMore={() => void state.loadMore(userId)}
        />
      )}
    </Page>
  );
}
