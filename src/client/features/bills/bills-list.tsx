import { useId } from 'react';
import { Page } from '#client/components/layout/page.tsx';
import { offersPayment } from '#shared/screens/bills.ts';
import { PartErrorBoundary } from '#client/components/ui/error-boundary.tsx';
import { PagedList, PagedListAge } from '#client/components/ui/paged-list.tsx';
import { usePagedList } from '#client/lib/use-paged-list.ts';
import { EMPTY_BILLS_FILTER, fetchBillsPage, type BillsFilter } from './api.ts';
import { BILL_CARDS, BILL_CARDS_SKELETON } from './bills-list-cards.tsx';
import { BILL_TABLE, BILL_TABLE_WITH_PAYMENT } from './bills-list-table.tsx';
import { useBillsStore } from './bills-store.ts';
import styles from './bills-list.module.css';

export const EMPTY_BILLS_TEXT = 'У вас пока нет счетов.';
/** A bill the list cannot draw keeps the page: the heading, the filter and the menus stay (ADR 0046). */
export const BILLS_FAILED = 'Не удалось показать счета. Обновите список или напишите нам, если это повторится.';

export interface BillsListProps {
  /** The logged-in user: 'Только мои счета' sends this id. */
  userId: number;
  /** The filter, from the page's address (ADR 0022). */
  filter: BillsFilter;
  /** Puts a new filter in the address. */
  onFilterChange: (filter: BillsFilter) => void;
}

/** The bills screen (cabinet.md §2 Bills). */
export function BillsList({ userId, filter, onFilterChange }: BillsListProps) {
  const checkboxId = useId();
  const list = usePagedList(useBillsStore, fetchBillsPage, filter, userId);
  const { onlyMine } = filter;

  return (
    <Page title="Счета" actions={<PagedListAge list={list} />}>
      <div className={styles.filters}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={onlyMine}
          onChange={(event) => onFilterChange({ onlyMine: event.target.checked })}
        />
        <label htmlFor={checkboxId}>Только мои счета</label>
      </div>

      <PartErrorBoundary failure={BILLS_FAILED}>
        <PagedList
          list={list}
          loadingText="Загрузка счетов…"
          emptyText={EMPTY_BILLS_TEXT}
          emptyAction={<span>Счета появятся после согласования ремонта.</span>}
          filtered={onlyMine ? { onReset: () => onFilterChange(EMPTY_BILLS_FILTER) } : undefined}
          table={list.rows.some(offersPayment) ? BILL_TABLE_WITH_PAYMENT : BILL_TABLE}
          cards={BILL_CARDS}
          cardsSkeleton={BILL_CARDS_SKELETON}
        />
      </PartErrorBoundary>
    </Page>
  );
}
