import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useNoConnection, useOnReconnect } from '#client/lib/connection.ts';
import type { PagedListView } from '#client/lib/use-paged-list.ts';
import { useMediaQuery } from '#client/lib/use-media.ts';
import { Button } from './button.tsx';
import { DataAge } from './data-age.tsx';
import { DataCards, DataCardsSkeleton, type DataCardsProps, type DataCardsSkeletonProps } from './data-cards.tsx';
import { DataTable, DataTableSkeleton, type DataTableProps } from './data-table.tsx';
import { LoadMore } from './load-more.tsx';
import styles from './data-list.module.css';

/** The table from this width (cabinet.md §9: mobile below 768 px); cards below. */
export const TABLE_QUERY = '(min-width: 768px)';

/** Said instead of an error when a list has nothing saved to show and there is no connection. */
export const LIST_WAITS_FOR_CONNECTION = 'Список загрузится, когда появится связь.';

export interface PagedListProps<Item> {
  /** The list as loaded (#client/lib/use-paged-list.ts). */
  list: PagedListView<Item>;
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
export function PagedList<Item>({
  list,
  loadingText,
  emptyText,
  emptyAction,
  filtered,
  table,
  cards,
  cardsSkeleton,
}: PagedListProps<Item>) {
  const {
    hydrated,
    rows,
    answered,
    loading,
    failure: error,
    nextCursor,
    loadingMore,
    moreFailure,
  } = useDeferredView(list);
  const { reload, loadMore } = list;
  // One tree, not a table and cards both hidden by CSS: a long list would be rendered twice.
  const wide = useMediaQuery(TABLE_QUERY);

  // The connection is back: the saved rows make way for the server's.
  useOnReconnect(reload);
  // With no connection the offline banner says it once for the whole page: the saved rows show with
  // their age and no red box over them, and an empty screen says calmly what it waits for.
  const noConnection = useNoConnection();

  // Until this user's first answer arrives the list is unknown, not empty: no flash of the empty text.
  const showSkeleton = !hydrated || (rows.length === 0 && (loading || (!answered && !error)));

  return (
    <>
      <output className="visually-hidden">{loading ? loadingText : ''}</output>

      {error && noConnection
        ? rows.length === 0 && (
            <div className={`${styles.empty} ${styles.nothingFound}`}>
              <p>{LIST_WAITS_FOR_CONNECTION}</p>
              <Button variant="secondary" onClick={reload}>
                Повторить
              </Button>
            </div>
          )
        : error && (
            <div className={styles.error} role="alert">
              <p>{error}</p>
              <Button variant="secondary" onClick={reload}>
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
          error={moreFailure ?? null}
          onLoadMore={loadMore}
        />
      )}
    </>
  );
}

/**
 * The list as shown: the rows' arrival (a page of up to 50 cards) renders at a deferred priority, which
 * React splits into short slices, rather than in the one long task of the answer that brought them.
 */
function useDeferredView<Item>(list: PagedListView<Item>) {
  const { hydrated, rows, answered, loading, failure, nextCursor, loadingMore, moreFailure } = list;
  const view = useMemo(
    () => ({ hydrated, rows, answered, loading, failure, nextCursor, loadingMore, moreFailure }),
    [hydrated, rows, answered, loading, failure, nextCursor, loadingMore, moreFailure],
  );
  return useDeferredValue(view);
}

/** 'Обновлено … назад' for the list's heading row while the rows shown are a saved copy. */
export function PagedListAge<Item>({ list }: { list: PagedListView<Item> }) {
  return <DataAge fetchedAt={list.savedAt} />;
}
