import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useConnection, useOnReconnect } from '#client/lib/connection.ts';
import { sameFilter, savedCopyTime, type PagedListState } from '#client/lib/paged-list-store.ts';
import { useMediaQuery } from '#client/lib/use-media.ts';
import { Button } from './button.tsx';
import { DataAge } from './data-age.tsx';
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
  /** The filter asked for (the address's): saved rows of another filter are not shown, not even for a moment. */
  filter: Filter;
  /** Read out while the first page loads, e.g. 'Загрузка заявок…'. */
  loadingText: string;
  /** The clinic has none at all: the spec's text, e.g. 'У вас пока нет открытых заявок.' */
  emptyText: string;
  /** What a new clinic can do about it, under the text (e.g. a link to the repair form). */
  emptyAction?: ReactNode;
  /**
   * Set while a filter is on: an empty answer is then 'Ничего не найдено' with 'Сбросить фильтры'
   * (onReset), not `emptyText` — the rows are not gone, only filtered out.
   */
  filtered?: { onReset: () => void } | undefined;
  table: Omit<DataTableProps<Item>, 'items'>;
  cards: Omit<DataCardsProps<Item>, 'items'>;
  cardsSkeleton: DataCardsSkeletonProps;
}

/**
 * A keyset-paged list under its page heading: the rows as a table or cards, skeletons until the
 * first answer, the empty text, the error with a retry, and the next pages.
 */
export function PagedList<Item, Filter>({
  state,
  userId,
  filter,
  loadingText,
  emptyText,
  emptyAction,
  filtered,
  table,
  cards,
  cardsSkeleton,
}: PagedListProps<Item, Filter>) {
  const { hydrated, items, ownerId, loading, error, nextCursor, loadingMore, moreError, fetchedAt, load } = state;
  // One tree, not a table and cards both hidden by CSS: a long list would be rendered twice.
  const wide = useMediaQuery(TABLE_QUERY);

  // The connection is back: the saved rows make way for the server's.
  useOnReconnect(useCallback(() => void load(userId), [load, userId]));

  const theirs = ownerId === userId && sameFilter(state.filter, filter);
  const rows = theirs ? items : [];
  // Until this user's first answer arrives the list is unknown, not empty: no flash of the empty text.
  const answered = theirs && fetchedAt !== null;
  const showSkeleton = !hydrated || (rows.length === 0 && (loading || (!answered && !error)));

  return (
    <>
      <output className="visually-hidden">{loading ? loadingText : ''}</output>

      {error && (
        <div className={styles.error} role="alert">
          <p>{error}</p>
          <Button variant="secondary" onClick={() => void load(userId)}>
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
          !error &&
          (filtered ? (
            <div className={`${styles.empty} ${styles.nothingFound}`}>
              <p>Ничего не найдено</p>
              <Button variant="secondary" onClick={filtered.onReset}>
                Сбросить фильтры
              </Button>
            </div>
          ) : emptyAction ? (
            <div className={`${styles.empty} ${styles.nothingFound}`}>
              <p>{emptyText}</p>
              {emptyAction}
            </div>
          ) : (
            <p className={styles.empty}>{emptyText}</p>
          ))
        ) : wide ? (
          <DataTable {...table} items={rows} />
        ) : (
          <DataCards {...cards} items={rows} />
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
    </>
  );
}

export interface PagedListAgeProps<Item, Filter> {
  state: PagedListState<Item, Filter>;
  userId: number;
}

/** 'Обновлено … назад' for the list's heading row while the rows shown are a saved copy (see savedCopyTime). */
export function PagedListAge<Item, Filter>({ state, userId }: PagedListAgeProps<Item, Filter>) {
  const online = useConnection((connection) => connection.online);
  return <DataAge fetchedAt={savedCopyTime(state, userId, online)} />;
}
