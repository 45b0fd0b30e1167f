// Test helpers shared by the paged lists' tests (requests, bills).
import { afterEach, beforeEach, vi } from 'vitest';
import { emptyListData, type PagedListStore } from '../paged-list-store.ts';
import { setViewportWidth } from './viewport.ts';

/** A list endpoint's answer body, for stubListFetch. */
export const listPage = <Item>(data: Item[], nextCursor: string | null = null) => ({
  body: { success: true, data, next_cursor: nextCursor },
});

/** A fresh, hydrated store (the persisted copy of an earlier test does not leak in). */
export function resetPagedListStore<Item, Filter>(store: PagedListStore<Item, Filter>, filter: Filter): void {
  localStorage.clear();
  store.setState({ ...emptyListData<Item, Filter>(filter), hydrated: true });
}

/** The width of a phone (cards) or of a desktop (the table). */
export function showTable(wide: boolean): void {
  setViewportWidth(wide ? 1280 : 390);
}

/** Each test starts with `reset()` on a wide screen; stubbed globals and spies go after it. */
export function setupPagedListTests(reset: () => void): void {
  beforeEach(() => {
    reset();
    showTable(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
