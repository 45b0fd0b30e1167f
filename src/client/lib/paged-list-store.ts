import { create, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { accountScopedStorage, registerAccountScoped } from './account-scoped.ts';
import { flagHydration, type PersistedStore } from './persist-hydration.ts';
import type { RemotePage } from './use-paged-remote.ts';

// A list's offline copy (ADR 0029): the store keeps only what a cold start shows at once, also
// offline; the list loads with usePagedRemote (use-paged-list.ts), which writes this copy.

/** One page of a list with an offline copy: the service worker may answer with its saved one. */
export interface Page<Item> extends RemotePage<Item> {
  /** Set when the answer is the service worker's saved copy: when that copy came from the server (ms since epoch). */
  cachedAt?: number | null;
}

/** The first page of a list as last answered, with the filter it answers and whose it is. */
export interface PagedListData<Item, Filter> {
  filter: Filter;
  /** The first page's rows (the next pages are not kept). */
  items: Item[];
  nextCursor: string | null;
  /** When the first page was fetched (ms since epoch); null before any answer. The offline view shows its age. */
  fetchedAt: number | null;
  /** The first page is the service worker's saved copy (no network), not the server's answer. */
  cached: boolean;
  /** The user the items belong to: a saved list of another account on this device is never shown. */
  ownerId: number | null;
}

export interface PagedListState<Item, Filter> extends PagedListData<Item, Filter> {
  /** The saved copy has been read back from IndexedDB. */
  hydrated: boolean;
  /** Bumped by reload(): a list on screen loads its first page again. */
  reloads: number;
  /** Rows changed here since the first page was answered (edit): the rows loaded meanwhile get them too. */
  edits: ((item: Item) => Item)[];
  /** Keeps a first page that was just answered. */
  save(copy: PagedListData<Item, Filter>): void;
  /** Changes rows in place (a bill reported paid), in the copy and in the rows on screen. */
  edit(change: (item: Item) => Item): void;
  /** Asks the list on screen (or the next one shown) to load again, e.g. after a decision changed a row. */
  reload(): void;
  /** Drops the copy, e.g. when the account on this device changes. */
  forget(): void;
}

export interface PagedListOptions<Filter> {
  /** The IndexedDB key. */
  name: string;
  initialFilter: Filter;
}

export type PagedListStore<Item, Filter> = UseBoundStore<PersistedStore<PagedListState<Item, Filter>>>;

/** No copy: the store starts so, and tests reset it to this. */
export function emptyListData<Item, Filter>(filter: Filter): PagedListData<Item, Filter> {
  return { filter, items: [], nextCursor: null, fetchedAt: null, cached: false, ownerId: null };
}

/** Filters are flat records of primitives: equal when every field is. */
export function sameFilter<Filter>(a: Filter, b: Filter): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => Object.is(left[key], right[key]));
}

/**
 * The offline copy of a keyset-paged list (requests, bills): the first page with the filter it answers
 * (the address's, ADR 0022), so a cold start with that same address shows the last list at once (also
 * offline) while it is loaded again.
 */
export function createPagedListStore<Item, Filter>({
  name,
  initialFilter,
}: PagedListOptions<Filter>): PagedListStore<Item, Filter> {
  const store: PagedListStore<Item, Filter> = create<PagedListState<Item, Filter>>()(
    persist(
      (set, get) => ({
        ...emptyListData<Item, Filter>(initialFilter),
        hydrated: false,
        reloads: 0,
        edits: [],
        save: (copy) => set({ ...copy, edits: [] }),
        edit: (change) => set(({ items, edits }) => ({ items: items.map(change), edits: [...edits, change] })),
        reload: () => set({ reloads: get().reloads + 1 }),
        forget: () => set({ ...emptyListData<Item, Filter>(initialFilter), edits: [] }),
      }),
      {
        name,
        version: 1,
        storage: createJSONStorage(() => accountScopedStorage),
        partialize: ({ filter, items, nextCursor, fetchedAt, ownerId }) => ({
          filter,
          items,
          nextCursor,
          fetchedAt,
          ownerId,
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
