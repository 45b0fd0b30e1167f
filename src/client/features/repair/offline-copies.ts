import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ServiceCentre } from '#shared/screens/places.ts';
import { getPickupCalendar } from '#shared/screens/pickup-calendar.ts';
import type { PickupCalendar } from '#shared/screens/pickup-days.ts';
import {
  accountChangeCount,
  accountScopedStorage,
  onAccountChange,
  registerAccountScoped,
} from '#client/lib/account-scoped.ts';
import { flagHydration, whenHydrated, type PersistedStore } from '#client/lib/persist-hydration.ts';
import { loadSavedAddresses, useAddressesStore } from '#client/lib/screens/addresses-store.ts';
import { callApi } from '#client/lib/http.ts';
import { fetchServiceCentres } from '#client/lib/screens/places-api.ts';

// What the wizard's step 2 loads, kept on the device for the account (ADR 0013), so the wizard can
// be filled in and its request left to the outbox with no connection (portal.md §2.1, ADR 0015):
// the saved addresses (the address book's own copy, lib/screens/addresses-store.ts), the service
// centres and the pickup calendar. The step and the prefetch at idle (offline-copies-at-idle.ts)
// load them through the same loaders below, so opening the wizard right after the prefetch asks
// nothing again, and one that opens while the prefetch runs waits for the same request.

export const OFFLINE_COPIES_STORE_KEY = 'repair-offline-copies';

export interface OfflineCopiesState {
  centres: ServiceCentre[];
  /** When the centres came from the server (ms since epoch); null before the first answer. */
  centresAt: number | null;
  calendar: PickupCalendar | null;
  calendarAt: number | null;
  hydrated: boolean;
  forget(): void;
}

export const useOfflineCopies = create<OfflineCopiesState>()(
  persist(
    (set) => ({
      centres: [],
      centresAt: null,
      calendar: null,
      calendarAt: null,
      hydrated: false,
      forget() {
        set({ centres: [], centresAt: null, calendar: null, calendarAt: null });
      },
    }),
    {
      name: OFFLINE_COPIES_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => accountScopedStorage),
      partialize: ({ centres, centresAt, calendar, calendarAt }) => ({ centres, centresAt, calendar, calendarAt }),
      onRehydrateStorage: flagHydration((): PersistedStore<OfflineCopiesState> => useOfflineCopies),
    },
  ),
);

registerAccountScoped(OFFLINE_COPIES_STORE_KEY, () => useOfflineCopies.getState().forget());

/**
 * The pickup calendar (cut-off hour, closed days) the address step applies. Here, beside its copy,
 * rather than in api.ts: the prefetch's chunk then needs none of the wizard's other calls.
 */
async function fetchPickupCalendar(signal: AbortSignal): Promise<PickupCalendar> {
  const answer = await callApi(getPickupCalendar, { signal });
  return { cutoffHour: answer.cutoff_hour, closedDays: answer.closed_days, openDays: answer.open_days };
}

/**
 * A copy this young stands for a new request: the wizard opened after the prefetch (or a second time)
 * shows it without asking again. Older, it is shown at once and refreshed.
 */
export const FRESH_FOR_MS = 5 * 60_000;

interface Copy<T> {
  value: T;
  fetchedAt: number | null;
}

/**
 * One of the copies: `refresh` asks the server and keeps the answer (unless the account changed
 * meanwhile: its signal is aborted then, and the answer belongs to nobody here now).
 */
interface KeptCopy<T, State> {
  store: PersistedStore<State>;
  saved: () => Copy<T>;
  refresh: (signal: AbortSignal) => Promise<T>;
}

/**
 * The loader of a kept copy: the copy when it is fresh, else the server's answer, one request at a
 * time whoever asks. `orSaved`: when the server cannot be reached, the copy saved before, if any
 * (else the failure, for the screen to show).
 */
function keptLoader<T, State>({ store, saved, refresh }: KeptCopy<T, State>) {
  /** The request on its way, and the account (its change count) it was made for: no other joins it. */
  let running: { answer: Promise<T>; account: number } | null = null;
  const fetchOnce = () => {
    const account = accountChangeCount();
    if (running?.account !== account) {
      const controller = new AbortController();
      const stop = onAccountChange(() => controller.abort());
      const answer = refresh(controller.signal).finally(() => {
        stop();
        if (running?.answer === answer) running = null;
      });
      running = { answer, account };
    }
    return running.answer;
  };
  return async ({ orSaved }: { orSaved: boolean }): Promise<T> => {
    await whenHydrated(store);
    const copy = saved();
    const age = copy.fetchedAt === null ? null : Date.now() - copy.fetchedAt;
    if (age !== null && age >= 0 && age < FRESH_FOR_MS) return copy.value;
    try {
      return await fetchOnce();
    } catch (error) {
      const before = saved();
      if (orSaved && before.fetchedAt !== null) return before.value;
      throw error;
    }
  };
}

/**
 * Keeps an answer in the copies' store once its saved copy is back (else the older copy would
 * overwrite it), unless the account changed meanwhile (`signal` aborted: the answer is nobody's here).
 */
async function keep(signal: AbortSignal, answer: Partial<OfflineCopiesState>): Promise<void> {
  await whenHydrated(useOfflineCopies);
  if (!signal.aborted) useOfflineCopies.setState(answer);
}

export const keptSavedAddresses = keptLoader({
  store: useAddressesStore,
  saved: () => ({ value: useAddressesStore.getState().addresses, fetchedAt: useAddressesStore.getState().fetchedAt }),
  refresh: loadSavedAddresses,
});

export const keptServiceCentres = keptLoader({
  store: useOfflineCopies,
  saved: () => ({ value: useOfflineCopies.getState().centres, fetchedAt: useOfflineCopies.getState().centresAt }),
  async refresh(signal) {
    const centres = await fetchServiceCentres(signal);
    await keep(signal, { centres, centresAt: Date.now() });
    return centres;
  },
});

export const keptPickupCalendar = keptLoader({
  store: useOfflineCopies,
  saved: () => {
    const { calendar, calendarAt } = useOfflineCopies.getState();
    return { value: calendar, fetchedAt: calendar === null ? null : calendarAt };
  },
  async refresh(signal): Promise<PickupCalendar | null> {
    const calendar = await fetchPickupCalendar(signal);
    await keep(signal, { calendar, calendarAt: Date.now() });
    return calendar;
  },
});

/**
 * Fetches what the wizard needs offline and keeps it, as opening step 2 would. A copy that fails to
 * come is left for the step to ask again: nothing is shown for it here.
 */
export async function prefetchOfflineCopies(): Promise<void> {
  await Promise.allSettled(
    [keptSavedAddresses, keptServiceCentres, keptPickupCalendar].map((load) => load({ orSaved: false })),
  );
}
