import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SavedAddress } from '#shared/screens/places.ts';
import { accountScopedStorage, registerAccountScoped } from '../account-scoped.ts';
import { flagHydration, whenHydrated, type PersistedStore } from '../persist-hydration.ts';
import { fetchSavedAddresses } from './places-api.ts';

// The saved addresses (cabinet.md §2 My addresses), persisted per account like the lists: the
// screen shows the last copy at once, offline too, and refreshes it. Only the copy lives here; the
// loading, its failure and its retry are the screen's remote value (lib/use-remote.ts, ADR 0029).
// One copy for the two screens that show them: the address book and the repair wizard's step 2
// (features/repair/offline-copies.ts), so either keeps them on the device for the other.

export const ADDRESSES_STORE_KEY = 'addresses';

export interface AddressesState {
  addresses: SavedAddress[];
  /** When the list came from the server (ms since epoch); null before the first answer. */
  fetchedAt: number | null;
  hydrated: boolean;
  forget(): void;
}

export const useAddressesStore = create<AddressesState>()(
  persist(
    (set) => ({
      addresses: [],
      fetchedAt: null,
      hydrated: false,
      forget() {
        set({ addresses: [], fetchedAt: null });
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

/**
 * The remote value's loader: the server's list, kept as the device's copy unless it is no longer
 * wanted (another account by now). Written after the saved copy is back, so the older copy never
 * overwrites it.
 */
export async function loadSavedAddresses(signal: AbortSignal): Promise<SavedAddress[]> {
  const addresses = await fetchSavedAddresses(signal);
  await whenHydrated(useAddressesStore);
  if (!signal.aborted) useAddressesStore.setState({ addresses, fetchedAt: Date.now() });
  return addresses;
}
