import { useEffect, useId } from 'react';
import { formatUpdatedAgo } from '#shared/format/date.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { useMediaQuery } from '#client/lib/use-media.ts';
import { BillsCards, BillsCardsSkeleton } from './bills-list-cards.tsx';
import { BillsTable, BillsTableSkeleton } from './bills-list-table.tsx';
import { useBillsStore } from './bills-store.ts';
import styles from './bills-list.module.css';

/** The table from this width (cabinet.md §9: mobile below 768 px); cards below. */
const TABLE_QUERY = '(min-width: 768px)';

export const EMPTY_BILLS_TEXT = 'У вас пока нет счетов.';

export interface BillsListProps {
  /** The logged-in user: 'Только мои счета' sends this id. */
  userId: number;
}

/** The bills screen (cabinet.md §2 Bills). */
export function BillsList({ userId }: BillsListProps) {
  const checkboxId = useId();
  const state = useBillsStore();
  const { hydrated, filter, items, ownerId, loading, error, nextCursor, loadingMore, moreError, fetchedAt } = state;
  // One tree, not a table and cards both hidden by CSS: a long list would be rendered twice.
  const wide = useMediaQuery(TABLE_QUERY);

  useEffect(() => {
    void useBillsStore.getState().load(userId);
  }, [userId]);

  const rows = ownerId === userId ? items : [];
  // Until this user's first answer arrives the list is unknown, not empty: no flash of the empty text.
  const answered = ownerId === userId && fetchedAt !== null;
  const showSkeleton = !hydrated || (rows.length === 0 && (loading || (!answered && !error)));

  return (
    <Page title="Счета">
      <div className={styles.filters}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={filter.onlyMine}
          disabled={!hydrated}
          onChange={(event) => void state.setFilter({ onlyMine: event.target.checked }, userId)}
        />
        <label htmlFor={checkboxId}>Только мои счета</label>
      </div>

      <span className="visually-hidden" role="status" aria-live="polite">
        {loading ? 'Загрузка счетов…' : ''}
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
          wide ? <BillsTableSkeleton /> : <BillsCardsSkeleton />
        ) : rows.length === 0 ? (
          !error && <p className={styles.empty}>{EMPTY_BILLS_TEXT}</p>
        ) : wide ? (
          <BillsTable items={rows} />
        ) : (
          <BillsCards items={rows} />
        )}
      </div>

      {!showSkeleton && !error && (
        <LoadMore hasMore={nextCursor !== null} loading={loadingMore} error={moreError} onLoadMore={() => void state.loadMore(userId)} />
      )}
    </Page>
  );
}
