import { savedCopyAt, useNoConnection } from './connection.ts';
import { sameFilter, type Page, type PagedListStore } from './paged-list-store.ts';
import { whenHydrated } from './persist-hydration.ts';
import { usePagedRemote } from './use-paged-remote.ts';

/** Loads one page of the list for `filter` (the next after `cursor`, null: the first). */
export type ListPageLoad<Item, Filter> = (
  filter: Filter,
  userId: number,
  cursor: string | null,
  signal: AbortSignal,
) => Promise<Page<Item>>;

/** What a paged list shows (components/ui/paged-list.tsx). */
export interface PagedListView<Item> {
  /** The saved copy has been read back: before, nothing is known. */
  hydrated: boolean;
  rows: Item[];
  /** This user's rows for this filter came (now or saved): an empty `rows` is then really empty. */
  answered: boolean;
  loading: boolean;
  /** The first page failed (Russian); the saved rows, if any, stay shown. */
  failure: string | undefined;
  nextCursor: string | null;
  loadingMore: boolean;
  moreFailure: string | undefined;
  /** When the rows shown came from the server, while they are a saved copy; else null. */
  savedAt: number | null;
  reload(): void;
  loadMore(): void;
}

/**
 * A keyset-paged list with an offline copy (ADR 0029): it loads with usePagedRemote (per filter, user
 * and account; late pages dropped), and its first page, once answered and still wanted, is the store's
 * copy. The copy is shown while the list loads or when it fails, if it is this user's for this filter.
 */
export function usePagedList<Item, Filter>(
  store: PagedListStore<Item, Filter>,
  loadPage: ListPageLoad<Item, Filter>,
  filter: Filter,
  userId: number,
): PagedListView<Item> {
  const copy = store();
  const noConnection = useNoConnection();
  const remote = usePagedRemote<Item>(
    async (cursor, signal) => {
      // The request goes out at once (a cold start's list does not wait for IndexedDB); the copy is
      // written once the saved one is back, which would otherwise overwrite the answer's.
      const page = await loadPage(filter, userId, cursor, signal);
      await whenHydrated(store);
      if (cursor === null && !signal.aborted) {
        const cachedAt = page.cachedAt ?? null;
        const fetchedAt = cachedAt ?? Date.now();
        store.getState().save({
          filter,
          items: page.items,
          nextCursor: page.nextCursor,
          fetchedAt,
          cached: cachedAt !== null,
          ownerId: userId,
        });
      }
      return page;
    },
    `${userId}/${JSON.stringify(filter)}/${copy.reloads}`,
  );

  const theirs = copy.hydrated && copy.ownerId === userId && sameFilter(copy.filter, filter);
  // The answer to this very filter: while the next loads (or after it failed) it may be another's.
  const fresh = remote.items !== null && !remote.loading && remote.failure === undefined;
  const rows = fresh
    ? copy.edits.reduce((items, change) => items.map(change), remote.items!)
    : theirs
      ? copy.items
      : [];
  const failed = remote.failure !== undefined && rows.length > 0;
  return {
    hydrated: copy.hydrated,
    rows,
    answered: fresh || (theirs && copy.fetchedAt !== null),
    loading: remote.loading,
    failure: remote.failure,
    nextCursor: fresh ? remote.nextCursor : theirs ? copy.nextCursor : null,
    loadingMore: remote.loadingMore,
    moreFailure: remote.moreFailure,
    savedAt:
      theirs && copy.fetchedAt !== null
        ? savedCopyAt(copy.fetchedAt, { cached: copy.cached, failed, noConnection })
        : null,
    reload: remote.reload,
    loadMore: remote.loadMore,
  };
}
