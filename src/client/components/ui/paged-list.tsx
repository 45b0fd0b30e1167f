import { formatUpdatedAgo } from '#shared/format/date.ts';
import type { PagedListState } from '#client/lib/paged-list-store.ts';
import { useMediaQuery } from '#client/lib/use-media.ts';
import { Button } from './button.tsx';
import { DataCards, DataCardsSkeleton, type DataCardsProps, type DataCardsSkeletonProps } from './data-cards.tsx';
import { DataTable, DataTableSkeleton, type DataTableProps } from './data-table.tsx';
import { LoadMore } from './load-more.tsx';
import styles from './data-list.module.css';

/** The table from this width (cabinet.md §9: mobile below 768 px); cards below. */
export const TABLE_QUERY = '(min-width: 768px)';

export interface PagedListProps<Item, Filter> {
  /** The list store's state (#client/lib/paged-list-store.ts). */
  state: PagedListState<Item, Filter>;
  /** The logged-in user: saved rows of another account are not shown. */
  userId: number;
  /** Read out while the first page loads, e.g. 'Загрузка заявок…'. */
  loadingText: string;
  emptyText: string;
  table: Omit<DataTableProps<Item>, 'items'>;
  cards: Omit<DataCardsProps<Item>, 'items'>;
  cardsSkeleton: DataCardsSkeletonProps;
}

/**
 * A keyset-paged list under its page heading: the rows as a table or cards, skeletons until the
 * first answer, the empty text, the error with a retry, and the next pages.
 */
export function PagedList<Item, Filter>({ state, userId, loadingText, emptyText, table, cards, cardsSkeleton }: PagedListProps<Item, Filter>) {
  const { hydrated, items, ownerId, loading, error, nextCursor, loadingMore, moreError, fetchedAt } = state;
  // One tree, not a table and cards both hidden by CSS: a long list would be rendered twice.
  const wide = useMediaQuery(TABLE_QUERY);

  const rows = ownerId === userId ? items : [];
  // Until this user's first answer arrives the list is unknown, not empty: no flash of the empty text.
  const answered = ownerId === userId && fetchedAt !== null;
  const showSkeleton = !hydrated || (rows.length === 0 && (loading || (!answered && !error)));

  return (
    <>
      <span className="visually-hidden" role="status" aria-live="polite">
        {loading ? loadingText : ''}
      </span>

      {error && (
        <div className={styles.error} role="alert">
          <p>
            {error}
            {rows.length > 0 && fetchedAt !== null && ` Показан сохранённый список (${formatUpdatedAgo(fetchedAt)}).`}
          </p>
          <Button variant="secondary" onClick={() => void state.load(userId)}>
            Повторить
          </Button>
        </div>
      )}

      <div className={styles.list} aria-busy={loading || undefined}>
        {showSkeleton ? (
          wide ? (
            <DataTableSkeleton columns={table.columns} />
          ) : (
            <DataCardsSkeleton {...cardsSkeleton} />
          )
        ) : rows.length === 0 ? (
          !error && <p className={styles.empty}>{emptyText}</p>
        ) : wide ? (
          <DataTable {...table} items={rows} />
        ) : (
          <DataCards {...cards} items={rows} />
        )}
      </div>

      {!showSkeleton && !error && (
        <LoadMore hasMore={nextCursor !== null} loading={loadingMore} error={moreError} onLoadMore={() => void state.loadMore(userId)} />
      )}
    </>
  );
}
