import { TICKET_CACHE_NAME } from '#shared/api/ticket-cache.ts';
import { idbStorage } from './idb-storage.ts';

// Tickets, lists and bills saved on the device belong to one account. When the account on this
// device changes (logout, another login, a session that ended), every such copy must go, including
// those of stores whose chunk this page never loaded, so their keys are remembered in storage too,
// and the service worker's saved answers (sw/ticket-cache.ts).

const KEYS_KEY = 'account-scoped-keys';
const loaded = new Map<string, () => void>();

async function savedKeys(): Promise<string[]> {
  try {
    const parsed: unknown = JSON.parse((await idbStorage.getItem(KEYS_KEY)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The saved key list is read and written one registration at a time: stores created in the same tick
 * would otherwise all read the old list, and each write would drop the keys of the others.
 */
let keyUpdates: Promise<void> = Promise.resolve();

/** Called by each persisted store that holds account data, with its storage key and an in-memory reset. */
export function registerAccountScoped(storageKey: string, forget: () => void): void {
  loaded.set(storageKey, forget);
  keyUpdates = keyUpdates
    .then(async () => {
      const keys = await savedKeys();
      if (!keys.includes(storageKey)) await idbStorage.setItem(KEYS_KEY, JSON.stringify([...keys, storageKey]));
    })
    .catch(() => undefined);
}

/** Wipes every account-scoped store, in memory and on the device, and the worker's saved answers. */
export async function forgetAccountData(): Promise<void> {
  for (const forget of loaded.values()) forget();
  const keys = new Set([...(await savedKeys()), ...loaded.keys()]);
  await Promise.all([...[...keys].map((key) => idbStorage.removeItem(key)), deleteWorkerCache()]);
}

/** Cache Storage exists in secure contexts only (and not in every test environment). */
async function deleteWorkerCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(TICKET_CACHE_NAME).catch((error: unknown) => console.warn('Не удалось удалить сохранённые ответы', error));
}
