import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listTickets } from '#shared/api/tickets.ts';
import { SIGNED_IN_COOKIE } from '#shared/api/headers.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { stubListFetch } from '#client/lib/testing/list-fetch-stub.ts';
import { fetchTicketsPage } from './list-api.ts';
import { fetchTicket } from './ticket-api.ts';
import { ticket, ticketAnswer } from './ticket-page.fixtures.ts';
import { headStartTicketReads } from './head-starts.ts';
import { filterFromSearch } from './tickets-search.ts';
import { makeTicket, ticketsPage } from './testing/list-fixtures.ts';

const USER_ID = 7;

function stubList() {
  let answered = 0;
  return stubListFetch(listTickets.path, () => ticketsPage([makeTicket({ id: ++answered })]));
}

beforeEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=1`;
});

afterEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=; max-age=0`;
  vi.unstubAllGlobals();
});

describe('the requests list started from the entry', () => {
  it("asks for the address's filter, and the list's first call gets that very answer", async () => {
    const { requests } = stubList();
    // As the router reads '?status=5&from=…&to=…&number=12' (a number stays a number).
    const search = { status: 5 as const, from: '2026-11-01', to: '2026-11-26', number: 12 };
    headStartTicketReads({ pathname: '/cabinet/tickets', search });
    expect(requests.map((request) => request.query)).toEqual([
      { limit: '50', status: '5', date_from: '2026-11-01', date_to: '2026-11-26', number: '12' },
    ]);

    const page = await fetchTicketsPage(filterFromSearch(search), USER_ID, null);
    expect(page.items.map((ticket) => ticket.id)).toEqual([1]);
    expect(requests).toHaveLength(1);
  });

  it('leaves alone a list of "only mine" (the id is not known yet), another page, and a browser without a session', () => {
    const { requests } = stubList();
    headStartTicketReads({ pathname: '/cabinet/tickets/', search: { mine: true } });
    headStartTicketReads({ pathname: '/cabinet/bills', search: {} });
    document.cookie = `${SIGNED_IN_COOKIE}=; max-age=0`;
    headStartTicketReads({ pathname: '/cabinet/tickets', search: {} });
    expect(requests).toHaveLength(0);
  });

  it('drops a malformed filter as the list does, and still starts', async () => {
    const { requests } = stubList();
    headStartTicketReads({ pathname: '/cabinet/tickets/', search: { status: 'x', number: 'abc' } });
    expect(requests.map((request) => request.query)).toEqual([{ limit: '50' }]);
    await fetchTicketsPage(filterFromSearch({}), USER_ID, null);
    expect(requests).toHaveLength(1);
  });
});

describe('a ticket started from the entry', () => {
  it("asks for the ticket the address names, and the page's first call gets that answer", async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/tickets/42': ticketAnswer(ticket({ id: 42 })),
    });
    headStartTicketReads({ pathname: '/cabinet/tickets/42/', search: {} });
    expect(calls.map((call) => call.path)).toEqual(['/ajax/cabinet/tickets/42']);
    expect((await fetchTicket(42)).ticket.id).toBe(42);
    expect(calls).toHaveLength(1);
  });

  it('leaves alone an address that names no ticket', () => {
    const { calls } = stubFetch({});
    for (const pathname of [
      '/cabinet/tickets/0',
      '/cabinet/tickets/abc',
      '/cabinet/tickets/99999999999',
      '/cabinet/tickets/1/x',
    ])
      headStartTicketReads({ pathname, search: {} });
    expect(calls).toEqual([]);
  });
});
