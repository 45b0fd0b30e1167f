import { create, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { accountScopedStorage, registerAccountScoped } from './account-scoped.ts';
import { savedCopyAt } from './connection.ts';
import { asApiError, LOAD_FAILED_MESSAGE } from './http.ts';
import { flagHydration, whenHydrated, type PersistedStore } from './persist-hydration.ts';

/** One page of a keyset-paged list as the server gives it. */
export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
  /** Set when the answer is the service worker's saved copy: when that copy came from the server (ms since epoch). */
  cachedAt?: number | null;
}

export interface PagedListState<Item, Filter> {
  filter: Filter;
  items: Item[];
  nextCursor: string | null;
  /** When the first page shown was fetched (ms since epoch); null before any answer. The offline view shows its age. */
  fetchedAt: number | null;
  /** The first page shown is the service worker's saved copy (no network), not the server's answer. */
  cached: boolean;
  /** The user the items belong to: a saved list of another account on this device is never shown. */
  ownerId: number | null;
  /** How many of `items` came with the first page, and its cursor: only that page is saved. */
  firstPage: { length: number; nextCursor: string | null };
  /** The first page is being (re)loaded. */
  loading: boolean;
  /** The first page failed; the saved items (if any) stay shown. */
  error: string | null;
  loadingMore: boolean;
  moreError: string | null;
  /** The saved state has been read back from IndexedDB. */
  hydrated: boolean;
  /**
   * How often the rows were forgotten (a change of account). A list on screen loads again when it
   * changes: the forgetting dropped the answer it was waiting for, which would leave it a skeleton.
   */
  forgotten: number;
  /**
   * Shows the list for `filter` (the address's, ADR 0022): the same filter as the saved rows refreshes
   * them in place; another one drops them at once (they answer another question) and loads its first page.
   */
  show(filter: Filter, userId: number): Promise<void>;
  /** (Re)loads the first page for the current filter, keeping the rows shown meanwhile. */
  load(userId: number): Promise<void>;
  loadMore(userId: number): Promise<void>;
  /** Drops everything, e.g. when the account on this device changes. */
  forget(): void;
}

export interface PagedListOptions<Item, Filter> {
  /** The IndexedDB key. */
  name: string;
  initialFilter: Filter;
  fetchPage(filter: Filter, userId: number, cursor: string | null): Promise<Page<Item>>;
}

export type PagedListStore<Item, Filter> = UseBoundStore<PersistedStore<PagedListState<Item, Filter>>>;

/** The data of a list before any load: the store starts so, and tests reset it to this. */
export type PagedListData<Item, Filter> = Omit<
  PagedListState<Item, Filter>,
  'hydrated' | 'forgotten' | 'show' | 'load' | 'loadMore' | 'forget'
>;

export function emptyListData<Item, Filter>(filter: Filter): PagedListData<Item, Filter> {
  return {
    filter,
    items: [],
    nextCursor: null,
    fetchedAt: null,
    cached: false,
    ownerId: null,
    firstPage: { length: 0, nextCursor: null },
    loading: false,
    error: null,
    loadingMore: false,
    moreError: null,
  };
}

/**
 * When this user's rows came from the server, while what is shown is a saved copy: the worker's (no
 * network), the device's after a failed refresh, or anything at all with the device offline; else null.
 */
export function savedCopyTime<Item, Filter>(
  state: PagedListData<Item, Filter>,
  userId: number,
  online: boolean,
): number | null {
  const { ownerId, fetchedAt, cached, error, items } = state;
  if (ownerId !== userId || fetchedAt === null) return null;
  return savedCopyAt(fetchedAt, { cached, failed: error !== null && items.length > 0, online });
}

/** Filters are flat records of primitives: equal when every field is. */
export function sameFilter<Filter>(a: Filter, b: Filter): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => Object.is(left[key], right[key]));
}

const messageOf = (error: unknown) => asApiError(error, LOAD_FAILED_MESSAGE).message;

/**
 * A keyset-paged list (tickets, bills): the filter, the rows, loading and error flags. The filter comes
 * from the page's address (ADR 0022); the first page is persisted with the filter it answers, so a cold
 * start with that same address shows the last list at once (also offline) and refreshes it.
 * Answers to superseded requests (the filter changed meanwhile) are dropped.
 */
export function createPagedListStore<Item, Filter>({
  name,
  initialFilter,
  fetchPage,
}: PagedListOptions<Item, Filter>): PagedListStore<Item, Filter> {
  /** Bumped by every first-page load; a page answer for an older value is stale. */
  let generation = 0;

  const store: PagedListStore<Item, Filter> = create<PagedListState<Item, Filter>>()(
    persist(
      (set, get) => ({
        ...emptyListData<Item, Filter>(initialFilter),
        hydrated: false,
        forgotten: 0,

        async show(filter, userId) {
          await whenHydrated(store);
          if (!sameFilter(get().filter, filter)) {
            set({
              filter,
              items: [],
              nextCursor: null,
              fetchedAt: null,
              cached: false,
              firstPage: { length: 0, nextCursor: null },
            });
          }
          return get().load(userId);
        },

        async load(userId) {
          await whenHydrated(store);
          const current = (generation += 1);
          // Another account's saved rows are dropped before anything is shown.
          if (get().ownerId !== userId)
            set({ items: [], nextCursor: null, fetchedAt: null, cached: false, ownerId: userId });
          set({ loading: true, error: null, loadingMore: false, moreError: null });
          try {
            const page = await fetchPage(get().filter, userId, null);
            if (current !== generation) return;
            set({
              items: page.items,
              nextCursor: page.nextCursor,
              firstPage: { length: page.items.length, nextCursor: page.nextCursor },
              // The saved copy's own time, so the age shown is the truth.
              fetchedAt: page.cachedAt ?? Date.now(),
              cached: page.cachedAt != null,
              ownerId: userId,
              loading: false,
            });
          } catch (error) {
            if (current !== generation) return;
            set({ loading: false, error: messageOf(error) });
          }
        },

        forget() {
          generation += 1;
          // Also the loading flags: the answers in flight are dropped now, so nothing else would clear them.
          set({ ...emptyListData<Item, Filter>(initialFilter), forgotten: get().forgotten + 1 });
        },

        async loadMore(userId) {
          const { nextCursor, loading, loadingMore, filter } = get();
          if (!nextCursor || loading || loadingMore) return;
          const current = generation;
          set({ loadingMore: true, moreError: null });
          try {
            const page = await fetchPage(filter, userId, nextCursor);
            if (current !== generation) return;
            set((state) => ({
              items: [...state.items, ...page.items],
              nextCursor: page.nextCursor,
              loadingMore: false,
            }));
          } catch (error) {
            if (current !== generation) return;
            set({ loadingMore: false, moreError: messageOf(error) });
          }
        },
      }),
      {
        name,
        version: 1,
        storage: createJSONStorage(() => accountScopedStorage),
        partialize: (state) => ({
          filter: state.filter,
          items: state.items.slice(0, state.firstPage.length),
          nextCursor: state.firstPage.nextCursor,
          firstPage: state.firstPage,
          fetchedAt: state.fetchedAt,
          ownerId: state.ownerId,
        }),
        // A filter field added later still gets its default.
        merge: (persisted, current) => {
          const saved = (persisted ?? {}) as Partial<PagedListState<Item, Filter>>;
          return { ...current, ...saved, filter: { ...current.filter, ...saved.filter } };
        },
        onRehydrateStorage: flagHydration(() => store),
      },
    ),
  );

  registerAccountScoped(name, () => store.getState().forget());
  return store;
}
