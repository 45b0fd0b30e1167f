import type { StateStorage } from 'zustand/middleware';
import { TICKET_CACHE_NAME } from '#shared/api/ticket-cache.ts';
import { idbStorage } from './idb-storage.ts';
import { sendAccountToWorker } from './sw-bridge.ts';

// Tickets, lists and bills saved on the device belong to one account. When the account on this
// device changes (logout, another login, a session that ended), every such copy must go, including
// those of stores whose chunk this page never loaded, so their keys are remembered in storage too,
// and the service worker's saved answers (sw/ticket-cache.ts).
// The account they belong to is saved too, and every saved copy carries it: a session that ended
// while no page was open (expired, revoked elsewhere) is noticed at the next answer, and even a wipe
// that did not happen cannot show one account's copy to another.

const KEYS_KEY = 'account-scoped-keys';
const OWNER_KEY = 'account-scoped-owner';

/** An account id; null when nobody is logged in; undefined before any account was ever seen here. */
type Owner = number | null | undefined;
let owner: Promise<Owner> | undefined;

function savedOwner(): Promise<Owner> {
  owner ??= Promise.resolve(idbStorage.getItem(OWNER_KEY))
    .then((raw) => {
      const parsed: unknown = raw === null ? undefined : JSON.parse(raw);
      return typeof parsed === 'number' || parsed === null ? parsed : undefined;
    })
    .catch(() => undefined);
  return owner;
}

let claims: Promise<void> = Promise.resolve();

/**
 * The server named who is logged in (null: nobody). When that is not the account whose copies the
 * device holds, the new owner is recorded first and the copies of anyone else are wiped after. The
 * worker is told as well.
 */
export function claimAccountData(userId: number | null): Promise<void> {
  sendAccountToWorker(userId);
  const claim = claims.then(async () => {
    const previous = await savedOwner();
    if (previous === userId) return;
    // Only a first account on this device can own what was written before it was named; after a
    // logout, a late answer for the previous account might be among them.
    const firstAccount = previous === undefined;
    const heldBack = firstAccount ? [...pendingCopies] : [];
    pendingCopies.clear();
    // A first account: what the page holds was fetched for it (stored copies are read back for a
    // known account only). Otherwise the stores start over. Either way the new owner is named before
    // anything is awaited: what the stores load from now on is saved for it, and the wipe below keeps
    // it. (Named after a slow wipe, it lost the answers that came meanwhile, and a reload showed none.)
    if (!firstAccount) forgetInMemory();
    owner = Promise.resolve(userId);
    await idbStorage.setItem(OWNER_KEY, JSON.stringify(userId));
    if (typeof userId === 'number') await saveCopies(heldBack, userId);
    await forgetStoredCopies((copy) => copy?.owner === userId);
    // The worker keeps its saved answers per account and drops the previous one's itself when it
    // learns the new one; deleting them here too would race its saves for the new account. Only
    // when nobody is logged in is there nothing of its to race.
    if (userId === null) await deleteWorkerCache();
  });
  claims = claim.catch(() => undefined);
  return claim;
}

const ACCESS_KEY = 'account-scoped-access';

/**
 * The accounts whose tickets and bills this one may see besides its own (cabinet.md §2 Accesses),
 * as the server last named them: their ids, or `owner:level` pairs. When one of them is no longer
 * there (access taken back, or a level changed: a copy saved at 'Заявки и согласования' holds prices
 * that 'Только заявки' may not see, issue 41), the copies saved on the device may hold what this
 * account may no longer see: they all go, and are fetched again as needed.
 */
export function claimAccessOwners(userId: number, grants: readonly (number | string)[]): Promise<void> {
  const ownerIds = grants.map(String);
  const claim = claims.then(async () => {
    let previous: { userId: number; owners: (number | string)[] } | null = null;
    try {
      previous = JSON.parse((await idbStorage.getItem(ACCESS_KEY)) ?? 'null') as {
        userId: number;
        owners: (number | string)[];
      } | null;
    } catch {
      previous = null;
    }
    const lost =
      previous !== null &&
      previous.userId === userId &&
      previous.owners.some((owner) => !ownerIds.includes(String(owner)));
    if (lost) await forgetAccountData();
    await idbStorage.setItem(ACCESS_KEY, JSON.stringify({ userId, owners: [...ownerIds] }));
  });
  claims = claim.catch(() => undefined);
  return claim;
}

/** What a persisted store keeps: its own serialised state and the account it belongs to. */
interface OwnedCopy {
  owner: number;
  value: string;
}

function ownedCopy(raw: string | null): OwnedCopy | null {
  try {
    const parsed = JSON.parse(raw ?? 'null') as Partial<OwnedCopy> | null;
    return typeof parsed?.owner === 'number' && typeof parsed.value === 'string'
      ? { owner: parsed.owner, value: parsed.value }
      : null;
  } catch {
    return null;
  }
}

/** Writes made before the account was known (a first login here): saved once it is, for it. */
const pendingCopies = new Map<string, string>();

async function saveCopies(copies: [string, string][], current: number): Promise<void> {
  await Promise.all(
    copies.map(([name, value]) =>
      idbStorage.setItem(name, JSON.stringify({ owner: current, value } satisfies OwnedCopy)),
    ),
  );
}

/**
 * The storage of every persisted store with account data: a copy is written for the current
 * account only and read back only by that same account.
 */
export const accountScopedStorage: StateStorage<Promise<void>> = {
  async getItem(name) {
    const [copy, current] = await Promise.all([
      Promise.resolve(idbStorage.getItem(name)).then(ownedCopy),
      savedOwner(),
    ]);
    return copy !== null && copy.owner === current ? copy.value : null;
  },
  async setItem(name, value) {
    const current = await savedOwner();
    if (typeof current !== 'number') {
      pendingCopies.set(name, value);
      return;
    }
    await idbStorage.setItem(name, JSON.stringify({ owner: current, value } satisfies OwnedCopy));
  },
  removeItem: (name) => {
    pendingCopies.delete(name);
    return idbStorage.removeItem(name);
  },
};
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

/**
 * Counts the account changes seen by this page: what a screen loaded without a store (lib/use-remote.ts)
 * belongs to the account of its count, and is dropped and fetched again when it moves on.
 */
let accountChanges = 0;
const accountChangeListeners = new Set<() => void>();

export function accountChangeCount(): number {
  return accountChanges;
}

/** Calls `listener` whenever the account on this device changes; returns the unsubscribe. */
export function onAccountChange(listener: () => void): () => void {
  accountChangeListeners.add(listener);
  return () => {
    accountChangeListeners.delete(listener);
  };
}

function forgetInMemory(): void {
  for (const forget of loaded.values()) forget();
  accountChanges += 1;
  for (const listener of accountChangeListeners) listener();
}

/** Removes the saved copy of every account-scoped store, of this page or an earlier one, unless `keep` says it stays. */
async function forgetStoredCopies(keep: (copy: OwnedCopy | null) => boolean): Promise<void> {
  const keys = new Set([...(await savedKeys()), ...loaded.keys()]);
  await Promise.all([...keys].map((key) => idbStorage.removeUnless(key, (raw) => keep(ownedCopy(raw)))));
}

/** Wipes every account-scoped store, in memory and on the device, and the worker's saved answers. */
export async function forgetAccountData(): Promise<void> {
  forgetInMemory();
  await Promise.all([forgetStoredCopies(() => false), deleteWorkerCache()]);
}

/** Cache Storage exists in secure contexts only (and not in every test environment). */
async function deleteWorkerCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches
    .delete(TICKET_CACHE_NAME)
    .catch((error: unknown) => console.warn('Не удалось удалить сохранённые ответы', error));
}
