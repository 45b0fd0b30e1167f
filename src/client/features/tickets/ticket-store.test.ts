import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { CACHED_AT_HEADER } from '#shared/api/ticket-cache.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { ticket, ticketAnswer } from './ticket-page.fixtures.ts';
import { CACHE_LIMIT, reloadTicket, useTicketStore } from './ticket-store.ts';

beforeEach(async () => {
  await waitFor(() => expect(useTicketStore.getState().hydrated).toBe(true));
  useTicketStore.setState({ tickets: {}, loads: {}, selected: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useTicketStore', () => {
  it('keeps a loaded ticket with when it came, and shares one request between concurrent loads', async () => {
    const { calls } = stubFetch({ 'GET /ajax/cabinet/tickets/501': ticketAnswer(ticket()) });
    const before = Date.now();
    await Promise.all([reloadTicket(501), useTicketStore.getState().load(501)]);
    expect(calls).toHaveLength(1);
    const cached = useTicketStore.getState().tickets[501]!;
    expect(cached.ticket.id).toBe(501);
    expect(cached.fetchedAt).toBeGreaterThanOrEqual(before);
    expect(useTicketStore.getState().loads[501]).toEqual({ loading: false, error: null, cached: false });
  });

  it("keeps the service worker's saved copy with the time it came from the server, marked as such", async () => {
    stubFetch({
      'GET /ajax/cabinet/tickets/501': { ...ticketAnswer(ticket()), headers: { [CACHED_AT_HEADER]: '1700000000000' } },
    });
    await reloadTicket(501);
    expect(useTicketStore.getState().tickets[501]?.fetchedAt).toBe(1_700_000_000_000);
    expect(useTicketStore.getState().loads[501]).toEqual({ loading: false, error: null, cached: true });
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
    await reloadTicket(501);
    const state = useTicketStore.getState();
    expect(state.tickets[501]).toBeUndefined();
    expect(state.selected[501]).toBeUndefined();
    expect(state.loads[501]?.error?.notFound).toBe(true);
  });

  it('keeps the saved copy when the network fails', async () => {
    useTicketStore.setState({ tickets: { 501: { ticket: ticket(), fetchedAt: 1 } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await reloadTicket(501);
    const state = useTicketStore.getState();
    expect(state.tickets[501]?.fetchedAt).toBe(1);
    expect(state.loads[501]?.error).toEqual({ message: expect.stringContaining('Нет связи'), notFound: false });
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

  it("drops an answer asked for before forget() (the previous account's), and asks again on the next load", async () => {
    let answerFirst: (answer: ReturnType<typeof ticketAnswer>) => void = () => undefined;
    const { calls } = stubFetch({
      'GET /ajax/cabinet/tickets/501': () =>
        calls.length === 1
          ? new Promise((resolve) => (answerFirst = resolve))
          : ticketAnswer(ticket({ shippingOrder: null, instruments: [] })),
    });
    const forgotten = useTicketStore.getState().forgotten;
    const first = reloadTicket(501);
    await waitFor(() => expect(calls).toHaveLength(1));
    useTicketStore.getState().forget();
    expect(useTicketStore.getState().forgotten).toBe(forgotten + 1);

    await reloadTicket(501);
    expect(calls).toHaveLength(2);
    answerFirst(ticketAnswer(ticket()));
    await first;
    // The next account's ticket (no instruments here) stays: the previous one's answer came too late.
    expect(useTicketStore.getState().tickets[501]?.ticket.instruments).toEqual([]);
  });

  it('forget() drops everything (logout)', () => {
    useTicketStore.setState({ tickets: { 501: { ticket: ticket(), fetchedAt: 1 } }, selected: { 501: [11] } });
    useTicketStore.getState().forget();
    expect(useTicketStore.getState().tickets).toEqual({});
  });
});
