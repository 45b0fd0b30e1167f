import type { Mutate, StoreApi } from 'zustand';

// Our persisted stores read their saved copy from IndexedDB after the app starts. An answer from the
// server must wait for that read, or the older copy would overwrite it; and the read must always
// finish, or the screens waiting on it would wait forever.

/** A store made with zustand's `persist` middleware. */
export type PersistedStore<State> = Mutate<StoreApi<State>, [['zustand/persist', unknown]]>;

/** Resolves once the store's saved copy is back (zustand's own hydration state). */
export function whenHydrated<State>(store: PersistedStore<State>): Promise<void> {
  if (store.persist.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.persist.onFinishHydration(() => {
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The `onRehydrateStorage` of a store with a `hydrated` flag (what its screens render from): set once
 * the copy is back. A copy that cannot be read (corrupt, from an old build) is dropped and the store
 * hydrates again from nothing, so hydration always finishes.
 */
export function flagHydration<State extends { hydrated: boolean }>(store: () => PersistedStore<State>) {
  return () => (_state: State | undefined, error?: unknown) => {
    // The store may still be under construction here (a synchronous storage): act once it exists.
    queueMicrotask(() => {
      const persisted = store();
      if (error === undefined) {
        persisted.setState({ hydrated: true } as Partial<State>);
        return;
      }
      void Promise.resolve(persisted.persist.clearStorage()).then(() => persisted.persist.rehydrate());
    });
  };
}
