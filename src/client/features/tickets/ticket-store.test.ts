import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { CACHED_AT_HEADER } from '#shared/api/ticket-cache.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { ticket, ticketAnswer } from './ticket-page.fixtures.ts';
import { CACHE_LIMIT, loadTicket, reloadTicket, useTicketStore } from './ticket-store.ts';

beforeEach(async () => {
  await waitFor(() => expect(useTicketStore.getState().hydrated).toBe(true));
  useTicketStore.setState({ tickets: {}, selected: {}, asked: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A request the page still wants. */
const wanted = () => new AbortController().signal;

describe('useTicketStore', () => {
  it('keeps a loaded ticket with when it came', async () => {
    stubFetch({ 'GET /ajax/cabinet/tickets/501': ticketAnswer(ticket()) });
    const before = Date.now();
    expect(await loadTicket(501, wanted())).toEqual({ cached: false });
    const cached = useTicketStore.getState().tickets[501]!;
    expect(cached.ticket.id).toBe(501);
    expect(cached.fetchedAt).toBeGreaterThanOrEqual(before);
  });

  it("keeps the service worker's saved copy with the time it came from the server, marked as such", async () => {
    stubFetch({
      'GET /ajax/cabinet/tickets/501': { ...ticketAnswer(ticket()), headers: { [CACHED_AT_HEADER]: '1700000000000' } },
    });
    expect(await loadTicket(501, wanted())).toEqual({ cached: true });
    expect(useTicketStore.getState().tickets[501]?.fetchedAt).toBe(1_700_000_000_000);
  });

  it('persists only the newest tickets', async () => {
    const tickets = Object.fromEntries(
      Array.from({ length: CACHE_LIMIT + 5 }, (_, i) => [
        i + 1,
        { ticket: ticket({ id: i + 1 }), fetchedAt: 1000 + i },
      ]),
    );
    useTicketStore.setState({ tickets });
    const persisted = useTicketStore.persist.getOptions().partialize!(useTicketStore.getState()) as {
      tickets: Record<number, unknown>;
    };
    expect(
      Object.keys(persisted.tickets)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: CACHE_LIMIT }, (_, i) => i + 6));
  });

  it('forgets a ticket and its ticks on 404', async () => {
    useTicketStore.setState({ tickets: { 501: { ticket: ticket(), fetchedAt: 1 } }, selected: { 501: [11] } });
    stubFetch({});
    expect(await loadTicket(501, wanted())).toEqual({ notFound: true });
    const state = useTicketStore.getState();
    expect(state.tickets[501]).toBeUndefined();
    expect(state.selected[501]).toBeUndefined();
  });

  it('keeps the saved copy when the network fails', async () => {
    useTicketStore.setState({ tickets: { 501: { ticket: ticket(), fetchedAt: 1 } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loadTicket(501, wanted())).rejects.toThrow(/Нет связи/);
    expect(useTicketStore.getState().tickets[501]?.fetchedAt).toBe(1);
  });

  it('ticks only statements not agreed, and only on a ticket it has', () => {
    const value = ticket();
    value.defective_lists[1] = { ...value.defective_lists[1]!, agreed: 2 };
    useTicketStore.setState({ tickets: { 501: { ticket: value, fetchedAt: 1 } } });
    const { setSelected } = useTicketStore.getState();
    setSelected(501, 11, true);
    setSelected(501, 12, true);
    setSelected(501, 11, true);
    expect(useTicketStore.getState().selected[501]).toEqual([11]);
    setSelected(777, 1, true);
    expect(useTicketStore.getState().selected[777]).toBeUndefined();
    useTicketStore.getState().clearSelection(501);
    expect(useTicketStore.getState().selected[501]).toEqual([]);
  });

  it('writes nothing when the answer is no longer wanted (another ticket, another account by now)', async () => {
    stubFetch({ 'GET /ajax/cabinet/tickets/501': ticketAnswer(ticket()) });
    const asked = new AbortController();
    const load = loadTicket(501, asked.signal);
    asked.abort();
    await load.catch(() => undefined);
    expect(useTicketStore.getState().tickets[501]).toBeUndefined();
  });

  it('asked to reload while the ticket loads, loads it once more after that load, not once per ask', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubFetch({
      'GET /ajax/cabinet/tickets/501': async () => {
        await answered;
        return ticketAnswer(ticket());
      },
    });
    const asked = () => useTicketStore.getState().asked[501] ?? 0;
    const load = loadTicket(501, wanted());
    // A burst of decisions applied meanwhile (the outbox replaying a long queue).
    for (let i = 0; i < 5; i += 1) reloadTicket(501);
    expect(asked()).toBe(0);
    answer();
    await load;
    expect(asked()).toBe(1);
    // Nothing loading: the page is asked at once.
    reloadTicket(501);
    expect(asked()).toBe(2);
  });

  it('forget() drops everything (logout)', () => {
    useTicketStore.setState({ tickets: { 501: { ticket: ticket(), fetchedAt: 1 } }, selected: { 501: [11] } });
    useTicketStore.getState().forget();
    expect(useTicketStore.getState().tickets).toEqual({});
  });
});
