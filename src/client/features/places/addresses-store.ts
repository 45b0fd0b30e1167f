import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SavedAddress } from '#shared/api/places.ts';
import { accountScopedStorage, registerAccountScoped } from '#client/lib/account-scoped.ts';
import { asApiError, LOAD_FAILED_MESSAGE } from '#client/lib/http.ts';
import { flagHydration, whenHydrated, type PersistedStore } from '#client/lib/persist-hydration.ts';
import { fetchSavedAddresses } from '#client/lib/places-api.ts';

// The saved addresses (cabinet.md §2 My addresses), persisted per account like the lists: the
// screen shows the last copy at once, offline too, and refreshes it.

export const ADDRESSES_STORE_KEY = 'addresses';

export interface AddressesState {
  addresses: SavedAddress[];
  /** When the list came from the server (ms since epoch); null before the first answer. */
  fetchedAt: number | null;
  loading: boolean;
  /** The last load's failure, in Russian; cleared when a load starts. */
  error: string | null;
  hydrated: boolean;
  /** How often the list was forgotten (a change of account): the screen on show loads it again. */
  forgotten: number;
  load(): Promise<void>;
  /** After a save or a delete: the server's list is the truth. */
  replace(addresses: SavedAddress[]): void;
  forget(): void;
}

let inFlight: Promise<void> | null = null;
/** Moves on when the list is forgotten: an answer asked for before is the previous account's, and is dropped. */
let generation = 0;

export const useAddressesStore = create<AddressesState>()(
  persist(
    (set, get) => ({
      addresses: [],
      fetchedAt: null,
      loading: false,
      error: null,
      hydrated: false,
      forgotten: 0,

      load(): Promise<void> {
        set({ loading: true, error: null });
        const asked = generation;
        const request = (inFlight ??= fetchSavedAddresses()
          .then(
            async (addresses) => {
              await whenHydrated(useAddressesStore);
              if (asked === generation) set({ addresses, fetchedAt: Date.now(), loading: false });
            },
            async (error: unknown) => {
              await whenHydrated(useAddressesStore);
              if (asked === generation) set({ loading: false, error: asApiError(error, LOAD_FAILED_MESSAGE).message });
            },
          )
          .finally(() => {
            if (inFlight === request) inFlight = null;
          }));
        return request;
      },

      replace(addresses) {
        set({ addresses, fetchedAt: Date.now(), error: null });
      },

      forget() {
        generation += 1;
        inFlight = null;
        set({ addresses: [], fetchedAt: null, error: null, loading: false, forgotten: get().forgotten + 1 });
      },
    }),
    {
      name: ADDRESSES_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => accountScopedStorage),
      partialize: (state) => ({ addresses: state.addresses, fetchedAt: state.fetchedAt }),
      onRehydrateStorage: flagHydration((): PersistedStore<AddressesState> => useAddressesStore),
    },
  ),
);

registerAccountScoped(ADDRESSES_STORE_KEY, () => useAddressesStore.getState().forget());
