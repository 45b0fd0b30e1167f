import { createStore, del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { StateStorage } from 'zustand/middleware';

/** Where the persisted stores live: one IndexedDB database, one object store, a key per zustand store. */
export const IDB_DATABASE = 'portal';
export const IDB_STORE = 'state';

function memoryStorage(): StateStorage<void> {
  const values = new Map<string, string>();
  return {
    getItem: (name) => values.get(name) ?? null,
    setItem: (name, value) => void values.set(name, value),
    removeItem: (name) => void values.delete(name),
  };
}

/** localStorage when IndexedDB is missing (old WebViews, some private modes); memory when both are. */
function fallbackStorage(): StateStorage<void> {
  try {
    const storage = globalThis.localStorage;
    const probe = '__portal_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return {
      getItem: (name) => storage.getItem(name),
      setItem: (name, value) => {
        try {
          storage.setItem(name, value);
        } catch {
          // quota exceeded: the state just isn't persisted
        }
      },
      removeItem: (name) => storage.removeItem(name),
    };
  } catch {
    return memoryStorage();
  }
}

export interface IdbStorage extends StateStorage<Promise<void>> {
  /**
   * Removes `name` unless `keep` says its value stays, in one transaction: a write that comes while it
   * runs is either seen by `keep` or made after the removal, never lost to it.
   */
  removeUnless(name: string, keep: (value: string | null) => boolean): Promise<void>;
}

const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A zustand `StateStorage` over idb-keyval, for `persist(..., { storage: createJSONStorage(() => idbStorage) })`.
 * The database opens on first use; if IndexedDB is unavailable or fails, every later call goes to the
 * fallback, so hydration always finishes.
 */
export function createIdbStorage(database = IDB_DATABASE, storeName = IDB_STORE): IdbStorage {
  let store: UseStore | undefined;
  let fallback: StateStorage<void> | undefined;

  const switchToFallback = (): StateStorage<void> => (fallback ??= fallbackStorage());
  const getStore = (): UseStore | undefined => {
    if (fallback) return undefined;
    if (store) return store;
    if (typeof indexedDB === 'undefined') {
      switchToFallback();
      return undefined;
    }
    try {
      store = createStore(database, storeName);
      return store;
    } catch {
      switchToFallback();
      return undefined;
    }
  };

  return {
    async getItem(name) {
      const idb = getStore();
      if (!idb) return switchToFallback().getItem(name) as string | null;
      try {
        return asText(await get<unknown>(name, idb));
      } catch {
        return switchToFallback().getItem(name) as string | null;
      }
    },
    async setItem(name, value) {
      const idb = getStore();
      if (!idb) return switchToFallback().setItem(name, value);
      try {
        await set(name, value, idb);
      } catch {
        switchToFallback().setItem(name, value);
      }
    },
    async removeItem(name) {
      const idb = getStore();
      if (!idb) return switchToFallback().removeItem(name);
      try {
        await del(name, idb);
      } catch {
        switchToFallback().removeItem(name);
      }
    },
    async removeUnless(name, keep) {
      const idb = getStore();
      // The fallbacks are synchronous: reading and removing in one go is already atomic.
      const removeFromFallback = () => {
        const fallback = switchToFallback();
        if (!keep(fallback.getItem(name) as string | null)) fallback.removeItem(name);
      };
      if (!idb) return removeFromFallback();
      try {
        await idb('readwrite', (objects) => {
          const read = objects.get(name);
          read.onsuccess = () => {
            if (!keep(asText(read.result))) objects.delete(name);
          };
          return promisifyRequest(objects.transaction);
        });
      } catch {
        removeFromFallback();
      }
    },
  };
}

/** The app's shared instance. */
export const idbStorage = createIdbStorage();
