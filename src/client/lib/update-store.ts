import { create } from 'zustand';

/** Whether a new version of the app waits to take over, and how to switch to it (set by sw-register.ts). */
export interface UpdateState {
  /** Switches to the waiting version (the page reloads); null while there is none. */
  apply: (() => void) | null;
  /** The user chose «Позже»: the banner hides until the next new version. */
  postponed: boolean;
}

export const useUpdateStore = create<UpdateState>()(() => ({ apply: null, postponed: false }));

export function announceUpdate(apply: () => void): void {
  useUpdateStore.setState({ apply, postponed: false });
}

export function postponeUpdate(): void {
  useUpdateStore.setState({ postponed: true });
}
