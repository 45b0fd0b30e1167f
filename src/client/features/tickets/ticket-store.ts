import { awaitsDecision } from '#shared/dictionaries/statement-decisions.ts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Ticket } from '#shared/api/tickets.ts';
import { fetchTicket } from './ticket-api.ts';
import { ApiError } from '#client/lib/http.ts';
import { accountScopedStorage, registerAccountScoped } from '#client/lib/account-scoped.ts';
import { flagHydration, whenHydrated, type PersistedStore } from '#client/lib/persist-hydration.ts';

/** A ticket as last received, with when (ms since epoch): a cold start shows it at once, with its age. */
export interface CachedTicket {
  ticket: Ticket;
  fetchedAt: number;
}

// The tickets saved on the device (and the ticks on them). Loading is the ticket page's remote
// value (lib/use-remote.ts, ADR 0029); `loadTicket` is its loader and writes the copy here.

export interface TicketState {
  /** Tickets by id. Persisted (the most recent ones only, see CACHE_LIMIT). */
  tickets: Record<number, CachedTicket>;
  /** Ticked statement ids per ticket (cabinet.md §4 Selection); only statements with agreed = 0. */
  selected: Record<number, number[]>;
  /** How often each ticket was asked to load again from elsewhere (a decision applied): the page on show loads it. */
  asked: Record<number, number>;
  /** True once the persisted tickets have been read back from IndexedDB. */
  hydrated: boolean;
  setSelected(ticketId: number, statementId: number, selected: boolean): void;
  clearSelection(ticketId: number): void;
  /** Forgets every ticket on this device (logout: the next account must not see them). */
  forget(): void;
}

export const TICKET_STORE_KEY = 'tickets';
/** How many tickets stay on the device: enough for the ones a clinic is working on, small in IndexedDB. */
export const CACHE_LIMIT = 20;

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
      selected: {},
      asked: {},
      hydrated: false,

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
        set({ tickets: {}, selected: {} });
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

registerAccountScoped(TICKET_STORE_KEY, () => useTicketStore.getState().forget());

/** Loads of each ticket running now, and the tickets asked to load again meanwhile. */
const loading = new Map<number, number>();
const askedWhileLoading = new Set<number>();

function askAgain(id: number): void {
  useTicketStore.setState((state) => ({ asked: { ...state.asked, [id]: (state.asked[id] ?? 0) + 1 } }));
}

/** What the page shows of a load besides the copy: the copy is the worker's saved one, or the ticket is gone. */
export type TicketLoad = { cached: boolean; notFound?: undefined } | { notFound: true; cached?: undefined };

/**
 * The ticket page's loader: GET /ajax/cabinet/tickets/{id}, written to the device's copy unless no
 * longer wanted (another ticket, another account by now). A 404 (gone, or not this account's any
 * more) drops the copy and its ticks: the old copy must not be shown either.
 */
export async function loadTicket(id: number, signal: AbortSignal): Promise<TicketLoad> {
  const finished = startLoading(id, signal);
  try {
    return await fetchAndKeep(id, signal);
  } finally {
    finished();
  }
}

/**
 * Counts a load of the ticket until it settles or is given up (its signal aborted: the page left),
 * whichever comes first, so that a load nobody waits for any more never holds back a reload.
 */
function startLoading(id: number, signal: AbortSignal): () => void {
  loading.set(id, (loading.get(id) ?? 0) + 1);
  let counted = true;
  const finished = () => {
    if (!counted) return;
    counted = false;
    signal.removeEventListener('abort', finished);
    const left = (loading.get(id) ?? 1) - 1;
    if (left > 0) loading.set(id, left);
    else loading.delete(id);
    if (left === 0 && askedWhileLoading.delete(id)) askAgain(id);
  };
  signal.addEventListener('abort', finished);
  return finished;
}

async function fetchAndKeep(id: number, signal: AbortSignal): Promise<TicketLoad> {
  let answer: Awaited<ReturnType<typeof fetchTicket>> | null;
  try {
    answer = await fetchTicket(id, signal);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    answer = null;
  }
  // Written after the persisted copy is back, so the older copy never overwrites this one.
  await whenHydrated(useTicketStore);
  if (signal.aborted) return { notFound: true };
  if (answer === null) {
    useTicketStore.setState((state) => ({
      tickets: without(state.tickets, id),
      selected: without(state.selected, id),
    }));
    return { notFound: true };
  }
  const { ticket, cachedAt } = answer;
  useTicketStore.setState((state) => ({
    // A saved copy keeps its own time, so the age shown is the truth.
    tickets: newest({ ...state.tickets, [id]: { ticket, fetchedAt: cachedAt ?? Date.now() } }),
    selected: { ...state.selected, [id]: selectable(ticket, state.selected[id]) },
  }));
  return { cached: cachedAt !== null };
}

/**
 * Reloads a ticket after something changed it (a decision applied); the decisions feature calls it
 * through the route. Asked while the ticket is loading, it loads once more after that load, not once
 * per ask: the outbox replaying a hundred decisions would otherwise have the page ask the server
 * for the whole ticket a hundred times while it applies them.
 */
export function reloadTicket(id: number): void {
  if (loading.has(id)) askedWhileLoading.add(id);
  else askAgain(id);
}
