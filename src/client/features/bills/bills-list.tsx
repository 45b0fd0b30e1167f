import { useEffect, useId } from 'react';
import { Page } from '#client/components/layout/page.tsx';
import { PagedList, PagedListAge } from '#client/components/ui/paged-list.tsx';
import { BILL_CARDS, BILL_CARDS_SKELETON } from './bills-list-cards.tsx';
import { BILL_TABLE } from './bills-list-table.tsx';
import { useBillsStore } from './bills-store.ts';
import styles from './bills-list.module.css';

export const EMPTY_BILLS_TEXT = 'У вас пока нет счетов.';

export interface BillsListProps {
  /** The logged-in user: 'Только мои счета' sends this id. */
  userId: number;
}

/** The bills screen (cabinet.md §2 Bills). */
export function BillsList({ userId }: BillsListProps) {
  const checkboxId = useId();
  const state = useBillsStore();

  useEffect(() => {
    void useBillsStore.getState().load(userId);
  }, [userId]);

  return (
    <Page title="Счета" actions={<PagedListAge state={state} userId={userId} />}>
      <div className={styles.filters}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={state.filter.onlyMine}
          disabled={!state.hydrated}
          onChange={(event) => void state.setFilter({ onlyMine: event.target.checked }, userId)}
        />
        <label htmlFor={checkboxId}>Только мои счета</label>
      </div>

      <PagedList
        state={state}
        userId={userId}
        loadingText="Загрузка счетов…"
        emptyText={EMPTY_BILLS_TEXT}
        table={BILL_TABLE}
        cards={BILL_CARDS}
        cardsSkeleton={BILL_CARDS_SKELETON}
      />
    </Page>
  );
}
