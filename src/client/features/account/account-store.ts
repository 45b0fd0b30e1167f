import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { UserData } from '#shared/api/account.ts';
import { idbStorage } from '#client/lib/idb-storage.ts';
import { flagHydration, whenHydrated, type PersistedStore } from '#client/lib/persist-hydration.ts';
import { fetchUserData, logout as logoutRequest } from './api.ts';

export interface AccountState {
  /** The logged-in user, or null for a guest. Persisted: an offline start still knows who is in. */
  user: UserData | null;
  /** True once the persisted state has been read back from IndexedDB. */
  hydrated: boolean;
  /**
   * True once this page's first user-data request has settled (answered or failed). Before that a
   * guest may still turn out to be logged in: the session cookie without a saved account.
   */
  checked: boolean;
  /**
   * The e-mail of an account just registered and not yet logged in: the login form shows it as
   * text instead of an input (portal.md §4.2). Persisted.
   */
  verifiedEmail: string | null;
  /** Reloads the user from GET /ajax/user/data (and the CSRF token); a failed call keeps the user. */
  refresh(): Promise<void>;
  /** Logs out on the server and forgets the user on this device. */
  logout(): Promise<void>;
  setUser(user: UserData | null): void;
  rememberVerifiedEmail(email: string | null): void;
}

export const ACCOUNT_STORE_KEY = 'account';

let refreshing: Promise<void> | null = null;

export const useAccountStore = create<AccountState>()(
  persist(
    (set) => ({
      user: null,
      hydrated: false,
      checked: false,
      verifiedEmail: null,

      refresh(): Promise<void> {
        // Concurrent callers (start, focus, after a promo code) share one request. It starts at once,
        // while IndexedDB is still read: the answer waits for that, not the request.
        refreshing ??= Promise.all([fetchUserData(), whenHydrated(useAccountStore)])
          .then(
            ([user]) => {
              set(user ? { user, verifiedEmail: null, checked: true } : { user: null, checked: true });
            },
            async (error: unknown) => {
              // Offline or the server is down: keep the persisted user (portal works from cache).
              console.warn('Не удалось обновить данные пользователя', error);
              await whenHydrated(useAccountStore);
              set({ checked: true });
            },
          )
          .finally(() => {
            refreshing = null;
          });
        return refreshing;
      },

      async logout() {
        try {
          await logoutRequest();
        } catch (error) {
          // The user asked to leave: forget them on this device even if the server was not reached.
          console.warn('Не удалось завершить сеанс на сервере', error);
        }
        // A just-registered e-mail is forgotten too: the next login on this device may be anyone's.
        set({ user: null, verifiedEmail: null });
      },

      setUser(user) {
        set(user ? { user, verifiedEmail: null } : { user: null });
      },

      rememberVerifiedEmail(email) {
        set({ verifiedEmail: email });
      },
    }),
    {
      name: ACCOUNT_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => idbStorage),
      partialize: (state) => ({ user: state.user, verifiedEmail: state.verifiedEmail }),
      onRehydrateStorage: flagHydration((): PersistedStore<AccountState> => useAccountStore),
    },
  ),
);

/**
 * Whether the app knows who is here: a saved account, or else the server's answer. Without a saved
 * account a session cookie may still log the user in, so the guest's login buttons and the cabinet's
 * 'not logged in' screen wait for that answer (a same-size skeleton meanwhile) instead of flashing.
 */
export const selectAccountKnown = (state: AccountState): boolean =>
  state.hydrated && (state.user !== null || state.checked);

/** Whether someone is logged in (for components that only need the flag). */
export const selectIsAuthorized = (state: AccountState): boolean => state.user !== null;
