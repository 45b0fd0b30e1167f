import type { Bill } from '#shared/screens/bills.ts';
import { createPagedListStore } from '#client/lib/paged-list-store.ts';
import { EMPTY_BILLS_FILTER, type BillsFilter } from './api.ts';

export const BILLS_STORE_KEY = 'bills-list';

/** The bills list: the filter and the first page are saved to IndexedDB, like the requests list. */
export const useBillsStore = createPagedListStore<Bill, BillsFilter>({
  name: BILLS_STORE_KEY,
  initialFilter: EMPTY_BILLS_FILTER,
});
