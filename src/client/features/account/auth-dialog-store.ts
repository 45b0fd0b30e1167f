import { create } from 'zustand';
import { useAccountStore } from './account-store.ts';

export type AuthView = 'login' | 'register' | 'reset';

/** 'Opening login, reset or registration shows a loader for about 1 second' (portal.md §4.2, §9). */
export const AUTH_SWITCH_DELAY_MS = 1000;

export interface AuthDialogState {
  view: AuthView | null;
  /** True during the ~1 s loader shown before the form of a newly opened view. */
  switching: boolean;
  /**
   * Opened from something the user is in the middle of (the repair wizard): after logging in they
   * stay on the page instead of going to the cabinet. Kept while the forms switch (registration → login).
   */
  stayOnPage: boolean;
  /** An e-mail the opened form starts with (a dead reset link knows whose it may be); null for none. */
  email: string | null;
  open(view: AuthView, options?: { stayOnPage?: boolean; email?: string | null }): void;
  close(): void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

function stopTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

/** Which auth form is open (login, registration, reset) — a popup in the browser, in place when installed. */
export const useAuthDialog = create<AuthDialogState>()((set) => ({
  view: null,
  switching: false,
  stayOnPage: false,
  email: null,
  open(view, options) {
    stopTimer();
    set((state) => ({
      view,
      switching: true,
      stayOnPage: options?.stayOnPage ?? (state.view !== null && state.stayOnPage),
      email: options?.email ?? null,
    }));
    timer = setTimeout(() => {
      timer = undefined;
      set({ switching: false });
    }, AUTH_SWITCH_DELAY_MS);
  },
  close() {
    stopTimer();
    set({ view: null, switching: false, stayOnPage: false, email: null });
  },
}));

/**
 * A guest's repair request made the account (the home page's wizard or the repair sheet): the login
 * starts with the mailed e-mail and lands in the cabinet, where the ticket is.
 */
export function openLoginForNewAccount(email: string): void {
  useAccountStore.getState().rememberVerifiedEmail(email);
  useAuthDialog.getState().open('login');
}
