import { create } from 'zustand';
import type { DefectStatement } from '#shared/api/tickets.ts';

export type DecisionKind = 'approve' | 'reject' | 'discuss' | 'trade-in';

/** What the user asked to decide, with the statements exactly as they saw them (their `version` goes to the server). */
export interface DecisionRequest {
  kind: DecisionKind;
  ticketId: number;
  statements: DefectStatement[];
}

export interface DecisionDialogState {
  request: DecisionRequest | null;
  /**
   * Grows with every open: the host keys its popup on it, so opening the same kind again starts
   * from a clean form (and a new idempotency key) instead of the last one's leftovers.
   */
  serial: number;
  open(request: DecisionRequest): void;
  close(): void;
}

/**
 * Which decision popup is open (cabinet.md §2 Popups). Pages open it with
 * `useDecisionDialog.getState().open(...)`; `<DecisionDialogs>` in the cabinet layout shows it.
 */
export const useDecisionDialog = create<DecisionDialogState>()((set) => ({
  request: null,
  serial: 0,
  open(request) {
    set((state) => ({ request, serial: state.serial + 1 }));
  },
  close() {
    set({ request: null });
  },
}));
