// The wizard's draft on the device (ADR 0015: a request is never lost): its step and values, the
// photos not uploaded yet included, written as the user types and read back when the wizard opens
// again after a reload, a closed sheet or a killed app. Blobs need IndexedDB itself (the stores'
// string storage cannot hold them), so the drafts have a database of their own, one per account,
// and a guest's under a key of its own, which no account ever reads.
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { WizardValues } from './wizard-values.ts';

export interface RepairDraft {
  /** ms since the epoch. */
  savedAt: number;
  step: 1 | 2 | 3;
  values: WizardValues;
  /** Made for this clinic ('Оставить заявку от имени клиники'); absent or null: the account's own request. */
  forClientId?: number | null;
}

/** Whose draft: an account's id, or the guest's (portal.md §2.1: a visitor sends a request too). */
export type DraftOwner = number | typeof GUEST_DRAFT;
export const GUEST_DRAFT = 'guest';

let database: UseStore | undefined;
const drafts = () => (database ??= createStore('portal-repair-drafts', 'drafts'));

/**
 * The owner's draft. An account drops every other draft on this device, the guest's included (a
 * visitor's entries never become an account's); a guest drops none (a clinic whose session ended
 * finds its draft again after logging in).
 */
export async function loadDraft(owner: DraftOwner): Promise<RepairDraft | undefined> {
  try {
    if (owner !== GUEST_DRAFT) for (const key of await keys(drafts())) if (key !== owner) await del(key, drafts());
    return await get<RepairDraft>(owner, drafts());
  } catch {
    return undefined; // private mode or a broken database: the wizard starts empty, as without drafts
  }
}

export function saveDraft(owner: DraftOwner, draft: RepairDraft): Promise<void> {
  return set(owner, draft, drafts()).catch(() => {});
}

export function dropDraft(owner: DraftOwner): Promise<void> {
  return del(owner, drafts()).catch(() => {});
}
