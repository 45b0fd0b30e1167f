import { awaitsDecision } from '#shared/dictionaries/statement-decisions.ts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Ticket } from '#shared/api/tickets.ts';
import { fetchTicket, toLoadError, type LoadError } from './ticket-api.ts';
import { accountScopedStorage, registerAccountScoped } from '#client/lib/account-scoped.ts';
import { flagHydration, whenHydrated, type PersistedStore } from '#client/lib/persist-hydration.ts';

/** A ticket as last received, with when (ms since epoch): a cold start shows it at once, with its age. */
export interface CachedTicket {
  ticket: Ticket;
  fetchedAt: number;
}

export interface TicketLoadState {
  loading: boolean;
  /** The last load's failure; cleared when a load starts. */
  error: LoadError | null;
  /** The copy shown is the service worker's saved one (no network), not the server's answer. */
  cached: boolean;
}

export interface TicketState {
  /** Tickets by id. Persisted (the most recent ones only, see CACHE_LIMIT). */
  tickets: Record<number, CachedTicket>;
  loads: Record<number, TicketLoadState>;
  /** Ticked statement ids per ticket (cabinet.md §4 Selection); only statements with agreed = 0. */
  selected: Record<number, number[]>;
  /** True once the persisted tickets have been read back from IndexedDB. */
  hydrated: boolean;
  /** How often the tickets were forgotten (a change of account): the ticket on show loads again. */
  forgotten: number;
  /** Loads GET /ajax/cabinet/tickets/{id}; concurrent calls for one id share the request. */
  load(id: number): Promise<void>;
  setSelected(ticketId: number, statementId: number, selected: boolean): void;
  clearSelection(ticketId: number): void;
  /** Forgets every ticket on this device (logout: the next account must not see them). */
  forget(): void;
}

export const TICKET_STORE_KEY = 'tickets';
/** How many tickets stay on the device: enough for the ones a clinic is working on, small in IndexedDB. */
export const CACHE_LIMIT = 20;

const inFlight = new Map<number, Promise<void>>();
/** Moves on when the tickets are forgotten: an answer asked for before is the previous account's, and is dropped. */
let generation = 0;

/** The statement ids of `ticket` that may stay ticked: still there and still open for a decision. */
function selectable(ticket: Ticket, ids: readonly number[] | undefined): number[] {
  if (!ids?.length) return [];
  const open = new Set(ticket.defective_lists.filter((s) => awaitsDecision(s, ticket)).map((s) => s.id));
  return ids.filter((id) => open.has(id));
}

/** The newest CACHE_LIMIT tickets. */
function newest(tickets: Record<number, CachedTicket>): Record<number, CachedTicket> {
  const entries = Object.entries(tickets).sort(([, a], [, b]) => b.fetchedAt - a.fetchedAt);
  return Object.fromEntries(entries.slice(0, CACHE_LIMIT));
}

function without<T>(record: Record<number, T>, id: number): Record<number, T> {
  const copy = { ...record };
  delete copy[id];
  return copy;
}

export const useTicketStore = create<TicketState>()(
  persist(
    (set, get) => ({
      tickets: {},
      loads: {},
      selected: {},
      hydrated: false,
      forgotten: 0,

      load(id) {
        const running = inFlight.get(id);
        if (running) return running;
        const asked = generation;
        // Until the answer comes, the copy shown stays what it was (the worker's saved one or not).
        set((state) => ({
          loads: { ...state.loads, [id]: { loading: true, error: null, cached: state.loads[id]?.cached ?? false } },
        }));
        const request = fetchTicket(id)
          .then(
            async ({ ticket, cachedAt }) => {
              // Written after the persisted copy is back, so the older copy never overwrites this one.
              await whenHydrated(useTicketStore);
              if (asked !== generation) return;
              set((state) => ({
                // A saved copy keeps its own time, so the age shown is the truth.
                tickets: newest({ ...state.tickets, [id]: { ticket, fetchedAt: cachedAt ?? Date.now() } }),
                loads: { ...state.loads, [id]: { loading: false, error: null, cached: cachedAt !== null } },
                selected: { ...state.selected, [id]: selectable(ticket, state.selected[id]) },
              }));
            },
            async (error: unknown) => {
              const failure = toLoadError(error);
              await whenHydrated(useTicketStore);
              if (asked !== generation) return;
              set((state) =>
                failure.notFound
                  ? {
                      // Gone or not (any longer) this account's: the old copy must not be shown either.
                      tickets: without(state.tickets, id),
                      selected: without(state.selected, id),
                      loads: { ...state.loads, [id]: { loading: false, error: failure, cached: false } },
                    }
                  : {
                      loads: {
                        ...state.loads,
                        [id]: { loading: false, error: failure, cached: state.loads[id]?.cached ?? false },
                      },
                    },
              );
            },
          )
          .finally(() => {
            if (inFlight.get(id) === request) inFlight.delete(id);
          });
        inFlight.set(id, request);
        return request;
      },

      setSelected(ticketId, statementId, selected) {
        const cached = get().tickets[ticketId];
        if (!cached) return;
        set((state) => {
          const current = state.selected[ticketId] ?? [];
          const next = selected ? [...new Set([...current, statementId])] : current.filter((id) => id !== statementId);
          return { selected: { ...state.selected, [ticketId]: selectable(cached.ticket, next) } };
        });
      },

      clearSelection(ticketId) {
        set((state) => ({ selected: { ...state.selected, [ticketId]: [] } }));
      },

      forget() {
        generation += 1;
        inFlight.clear();
        set({ tickets: {}, selected: {}, loads: {}, forgotten: get().forgotten + 1 });
      },
    }),
    {
      name: TICKET_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => accountScopedStorage),
      partialize: (state) => ({ tickets: newest(state.tickets) }),
      onRehydrateStorage: flagHydration((): PersistedStore<TicketState> => useTicketStore),
    },
  ),
);

/** Reloads a ticket after something changed it (a decision applied); the decisions feature calls it through the route. */
registerAccountScoped(TICKET_STORE_KEY, () => useTicketStore.getState().forget());

export function reloadTicket(id: number): Promise<void> {
  return useTicketStore.getState().load(id);
}
