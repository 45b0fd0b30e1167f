// The wizard's draft on the device (ADR 0015: a request is never lost): its step and values, the
// photos not uploaded yet included, written as the user types and read back when the wizard opens
// again after a reload, a closed sheet or a killed app. Blobs need IndexedDB itself (the stores'
// string storage cannot hold them), so the drafts have a database of their own, one per account.
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { WizardValues } from './wizard-values.ts';

export interface RepairDraft {
  /** ms since the epoch. */
  savedAt: number;
  step: 1 | 2 | 3;
  values: WizardValues;
}

let database: UseStore | undefined;
const drafts = () => (database ??= createStore('portal-repair-drafts', 'drafts'));

/** The account's draft; another account's drafts on this device are dropped (they are never shown here). */
export async function loadDraft(userId: number): Promise<RepairDraft | undefined> {
  try {
    for (const key of await keys(drafts())) if (key !== userId) await del(key, drafts());
    return await get<RepairDraft>(userId, drafts());
  } catch {
    return undefined; // private mode or a broken database: the wizard starts empty, as without drafts
  }
}

export function saveDraft(userId: number, draft: RepairDraft): Promise<void> {
  return set(userId, draft, drafts()).catch(() => {});
}

export function dropDraft(userId: number): Promise<void> {
  return del(userId, drafts()).catch(() => {});
}
