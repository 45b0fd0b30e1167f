import { create, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CourierStop } from '#shared/screens/courier.ts';
import { accountScopedStorage, registerAccountScoped } from '#client/lib/account-scoped.ts';
import { flagHydration, type PersistedStore } from '#client/lib/persist-hydration.ts';
import type { CourierDayChoice } from './day-switch.tsx';

// The courier's route on the phone (DESIGN.md §Couriers, ADR 0047): each day's stops as last
// answered, with their time and owner, so a cold start with no network shows today and tomorrow
// with their age. A saved copy of the account (lib/account-scoped.ts): wiped at logout or another login.

export const COURIER_ROUTE_STORE_KEY = 'courier-route';

/** Days older than this before the newest saved one are dropped (the phone keeps today and tomorrow). */
const KEEP_DAYS = 3;

export interface SavedDay {
  stops: CourierStop[];
  /** When the server answered (ms since epoch): the age shown offline. */
  fetchedAt: number;
  /** The account the stops belong to. */
  ownerId: number;
}

export interface CourierRouteState {
  /** 'YYYY-MM-DD' → that day's stops. */
  days: Record<string, SavedDay>;
  hydrated: boolean;
  /** The day 'Маршрут' and 'Карта' show ('Сегодня' / 'Завтра'), kept while the app runs (Back from a card returns to it). */
  day: CourierDayChoice;
  setDay(day: CourierDayChoice): void;
  /** Bumped when the outbox settled an action: the route and card on screen load again. */
  reloads: number;
  reload(): void;
  saveDay(date: string, day: SavedDay): void;
  /** One stop changed (its card loaded, an action answered): the saved day holding it follows. */
  saveStop(stop: CourierStop, ownerId: number): void;
  forget(): void;
}

function pruned(days: Record<string, SavedDay>): Record<string, SavedDay> {
  const dates = Object.keys(days).sort();
  const newest = dates.at(-1);
  if (newest === undefined) return days;
  const oldest = new Date(Date.parse(`${newest}T00:00:00Z`) - KEEP_DAYS * 86_400_000).toISOString().slice(0, 10);
  return Object.fromEntries(Object.entries(days).filter(([date]) => date >= oldest));
}

export const useCourierRoute: UseBoundStore<PersistedStore<CourierRouteState>> = create<CourierRouteState>()(
  persist(
    (set) => ({
      days: {},
      hydrated: false,
      day: 'today',
      setDay: (day) => set({ day }),
      reloads: 0,
      reload: () => set(({ reloads }) => ({ reloads: reloads + 1 })),
      saveDay: (date, day) => set(({ days }) => ({ days: pruned({ ...days, [date]: day }) })),
      saveStop: (stop, ownerId) =>
        set(({ days }) => {
          const day = days[stop.date];
          if (day === undefined || day.ownerId !== ownerId) return {};
          const stops = day.stops.map((saved) => (saved.id === stop.id ? stop : saved));
          return { days: { ...days, [stop.date]: { ...day, stops } } };
        }),
      forget: () => set({ days: {} }),
    }),
    {
      name: COURIER_ROUTE_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => accountScopedStorage),
      partialize: ({ days }) => ({ days }),
      onRehydrateStorage: flagHydration(() => useCourierRoute),
    },
  ),
);

registerAccountScoped(COURIER_ROUTE_STORE_KEY, () => useCourierRoute.getState().forget());

/** The saved copy of one stop of this account, from whichever day holds it. */
export function savedStop(days: Record<string, SavedDay>, id: number, ownerId: number): CourierStop | null {
  for (const day of Object.values(days)) {
    if (day.ownerId !== ownerId) continue;
    const stop = day.stops.find((candidate) => candidate.id === id);
    if (stop) return stop;
  }
  return null;
}

/** When the day holding the stop was saved. */
export function savedStopAt(days: Record<string, SavedDay>, id: number, ownerId: number): number | null {
  for (const day of Object.values(days)) {
    if (day.ownerId === ownerId && day.stops.some((stop) => stop.id === id)) return day.fetchedAt;
  }
  return null;
}
