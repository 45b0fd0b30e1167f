import { create } from 'zustand';

/** The clinic a colleague makes the request for ('Оставить заявку от имени клиники', issue 41). */
export interface RequestClinic {
  id: number;
  company: string;
}

/** The repair sheet (portal.md §2.5): opened from the tab bar, the More panel or a shortcut. */
export interface RepairSheetState {
  open: boolean;
  /** For whom the request is: null for the user's own. */
  forClinic: RequestClinic | null;
  /** Opened at least once: its host (with the wizard) is loaded and stays mounted from then on. */
  wanted: boolean;
  /** Installed app: the sheet gave its place to the login or registration form, and comes back after a login. */
  afterLogin: boolean;
  /** Requests the wizard has sent in this session: a requests list on screen loads again to show them. */
  sent: number;
  markSent: () => void;
  show: () => void;
  /** Opens it for the clinic that gave the user access to its tickets. */
  showFor: (clinic: RequestClinic) => void;
  close: () => void;
  leaveForLogin: () => void;
  /** The form is done: the sheet comes back if the user logged in. */
  settleReturn: (loggedIn: boolean) => void;
}

export const useRepairSheet = create<RepairSheetState>()((set) => ({
  open: false,
  forClinic: null,
  sent: 0,
  markSent: () => set((state) => ({ sent: state.sent + 1 })),
  wanted: false,
  afterLogin: false,
  show: () => set({ open: true, wanted: true, forClinic: null }),
  showFor: (clinic) => set({ open: true, wanted: true, forClinic: clinic }),
  close: () => set({ open: false }),
  leaveForLogin: () => set({ open: false, afterLogin: true }),
  settleReturn: (loggedIn) => set((state) => ({ afterLogin: false, open: state.open || loggedIn })),
}));
