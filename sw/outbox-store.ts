// The outbox's entries in IndexedDB, one record per entry keyed by its id. Every change is one
// readwrite transaction (read, decide, write), so a worker killed mid-way leaves either the old or
// the new entry, and closing the app or reloading loses nothing.
import { createStore, get, promisifyRequest, values, type UseStore } from 'idb-keyval';
import type { OutboxEntry } from '#shared/screens/outbox.ts';

/** idb-keyval opens a database with a single store, so the outbox has a database of its own. */
export const OUTBOX_DB = 'portal-sw-outbox';
export const OUTBOX_STORE = 'entries';

export interface OutboxStore {
  /** All entries in sending order: createdAt, then id (two taps in the same millisecond). */
  list(): Promise<OutboxEntry[]>;
  get(id: string): Promise<OutboxEntry | undefined>;
  /**
   * Atomically looks at all entries and adds the one `make` returns, unless it returns one of
   * them (already there). Resolves to that entry and whether it was added.
   */
  append(make: (entries: OutboxEntry[]) => OutboxEntry): Promise<{ entry: OutboxEntry; added: boolean }>;
  /**
   * Atomically replaces the entry with what `change` returns; `null` leaves it as it is.
   * Resolves to the entry as stored afterwards (undefined when there is none).
   */
  change(id: string, change: (entry: OutboxEntry) => OutboxEntry | null): Promise<OutboxEntry | undefined>;
  /** Atomically deletes the entry when `when` allows; resolves to whether it was deleted. */
  remove(id: string, when?: (entry: OutboxEntry) => boolean): Promise<boolean>;
}

export function byCreation(a: OutboxEntry, b: OutboxEntry): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function createOutboxStore(db: UseStore = createStore(OUTBOX_DB, OUTBOX_STORE)): OutboxStore {
  return {
    async list() {
      return (await values<OutboxEntry>(db)).sort(byCreation);
    },
    get: (id) => get<OutboxEntry>(id, db),
    append(make) {
      return db('readwrite', async (store) => {
        const entries = ((await promisifyRequest(store.getAll())) as OutboxEntry[]).sort(byCreation);
        const entry = make(entries);
        if (entries.includes(entry)) return { entry, added: false };
        store.put(entry, entry.id);
        await promisifyRequest(store.transaction);
        return { entry, added: true };
      });
    },
    change(id, change) {
      return db('readwrite', async (store) => {
        const current = (await promisifyRequest(store.get(id))) as OutboxEntry | undefined;
        if (current === undefined) return undefined;
        const next = change(current);
        if (next === null) return current;
        store.put(next, id);
        await promisifyRequest(store.transaction);
        return next;
      });
    },
    remove(id, when = () => true) {
      return db('readwrite', async (store) => {
        const current = (await promisifyRequest(store.get(id))) as OutboxEntry | undefined;
        if (current === undefined || !when(current)) return false;
        store.delete(id);
        await promisifyRequest(store.transaction);
        return true;
      });
    },
  };
}
