import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CACHED_AT_HEADER } from '#shared/api/ticket-cache.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { forgetAccountData } from '#client/lib/account-scoped.ts';
import { LIST_WAITS_FOR_CONNECTION } from '#client/components/ui/paged-list.tsx';
import { reportServerReached } from '#client/lib/connection.ts';
import { goOffline } from '#client/lib/testing/connection.ts';
import {
  deferred,
  stubIntersectionObserver,
  stubListFetch,
  type ListAnswer,
} from '#client/lib/testing/list-fetch-stub.ts';
import { setupPagedListTests, showTable } from '#client/lib/testing/paged-list-fixtures.ts';
import { WithFilter } from '#client/lib/testing/filter-state.tsx';
import { EMPTY_TICKETS_FILTER, type TicketsListFilter } from './list-query.ts';
import { makeTicket, resetTicketsListStore, ticketsPage } from './testing/list-fixtures.ts';
import { TicketsList } from './tickets-list.tsx';
import { useTicketsListStore } from './tickets-list-store.ts';

const PATH = '/ajax/cabinet/tickets';
const USER_ID = 7;

setupPagedListTests(resetTicketsListStore);

const renderList = (initial: TicketsListFilter = EMPTY_TICKETS_FILTER) =>
  renderInRouter(
    () => (
      <WithFilter initial={initial}>
        {(filter, setFilter) => <TicketsList userId={USER_ID} filter={filter} onFilterChange={setFilter} />}
      </WithFilter>
    ),
    { path: '/cabinet/tickets' },
  );

describe('TicketsList', () => {
  it('shows the rows in a table with the spec columns, date, count rule, links and the attention mark', async () => {
    stubListFetch(PATH, () =>
      ticketsPage([
        makeTicket({
          id: 501,
          created_at: '2025-03-05 14:07:00',
          defectives_count: 2,
          tools_count: 5,
          status: 'Требует согласования',
          status_code: 5,
          dv_approve_need: true,
        }),
        makeTicket({ id: 502, email: '', defectives_count: 0, tools_count: 4 }),
      ]),
    );
    await renderList();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 6)).toEqual([
      'Номер',
      'Дата',
      'Составитель',
      'Статус',
      'Кол-во инструментов',
      'Скачать заявку',
    ]);

    const [, first, second] = within(table).getAllByRole('row');
    const firstCells = within(first!).getAllByRole('cell');
    expect(firstCells[0]).toHaveTextContent('501, требует решения');
    expect(firstCells[0]!.querySelector('[data-attention]')).not.toBeNull();
    expect(firstCells[1]).toHaveTextContent('05.03.2025');
    expect(firstCells[3]).toHaveTextContent('Требует согласования');
    expect(firstCells[4]).toHaveTextContent('2'); // defectives_count when above 0

    const secondCells = within(second!).getAllByRole('cell');
    expect(secondCells[0]).toHaveTextContent(/^502$/);
    expect(secondCells[0]!.querySelector('[data-attention]')).toBeNull();
    expect(secondCells[2]).toHaveTextContent('Не указан');
    expect(secondCells[4]).toHaveTextContent('4'); // else tools_count

    // The table's link shows 'PDF', and its name starts with it (WCAG 2.5.3).
    const pdf = within(first!).getByRole('link', { name: 'PDF заявки №501 (откроется в новой вкладке)' });
    expect(pdf).toHaveAttribute('href', '/ajax/cabinet/tickets/501/get-pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(within(first!).getByRole('link', { name: 'Подробнее о заявке №501' })).toHaveAttribute(
      'href',
      '/cabinet/tickets/501',
    );
  });

  it('shows skeleton rows while the first page loads, then the rows', async () => {
    const hold = deferred<ListAnswer>();
    stubListFetch(PATH, () => hold.promise);
    const { container } = await renderList();
    await waitFor(() => expect(container.querySelector('[data-skeleton]')).not.toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка заявок…');
    expect(screen.queryByText('У вас пока нет открытых заявок.')).not.toBeInTheDocument();
    hold.resolve(ticketsPage([makeTicket({ id: 9 })]));
    expect(await screen.findByText('9')).toBeInTheDocument();
    expect(container.querySelector('[data-skeleton]')).toBeNull();
  });

  it('loads again when its rows are forgotten while the first page loads (the account on the device changed)', async () => {
    const first = deferred<ListAnswer>();
    let calls = 0;
    stubListFetch(PATH, () => (++calls === 1 ? first.promise : ticketsPage([makeTicket({ id: 12 })])));
    await renderList();
    await waitFor(() => expect(calls).toBe(1));
    // A login on a device that knew no account wipes the stores in memory: the answer in flight is dropped.
    await act(() => forgetAccountData());
    first.resolve(ticketsPage([makeTicket({ id: 11 })]));
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.queryByText('11')).not.toBeInTheDocument();
  });

  it('says so when there are no requests', async () => {
    stubListFetch(PATH, () => ticketsPage([]));
    await renderList();
    expect(await screen.findByText('У вас пока нет открытых заявок.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    // A new clinic's first step is one tap away.
    expect(screen.getByRole('link', { name: 'Оставить заявку' })).toHaveAttribute('href', '/#form-repair');
  });

  it('shows an error in Russian with a retry that loads again', async () => {
    let attempt = 0;
    stubListFetch(PATH, () => {
      attempt += 1;
      return attempt <= 2 ? { status: 500, body: {} } : ticketsPage([makeTicket({ id: 77 })]);
    });
    const user = userEvent.setup();
    await renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер временно недоступен. Попробуйте позже.');
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('77')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with no connection and nothing saved says calmly what it waits for, and loads by itself when the server answers again', async () => {
    let serverUp = false;
    stubListFetch(PATH, () => {
      if (!serverUp) throw new TypeError('Failed to fetch');
      return ticketsPage([makeTicket({ id: 88 })]);
    });
    await renderList();
    expect(await screen.findByText(LIST_WAITS_FOR_CONNECTION)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Another call of the page reaches the server: no `online` event, no tap on 'Повторить'.
    serverUp = true;
    act(() => reportServerReached(true));
    expect(await screen.findByText('88')).toBeInTheDocument();
    expect(screen.queryByText(LIST_WAITS_FOR_CONNECTION)).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor from the button', async () => {
    const { requests } = stubListFetch(PATH, ({ query }) =>
      query.cursor === 'c2' ? ticketsPage([makeTicket({ id: 2002 })]) : ticketsPage([makeTicket({ id: 3003 })], 'c2'),
    );
    const user = userEvent.setup();
    await renderList();
    await user.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('2002')).toBeInTheDocument();
    expect(screen.getByText('3003')).toBeInTheDocument();
    expect(requests.map((request) => request.query.cursor)).toEqual([undefined, 'c2']);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });

  it('loads again when asked (a decision changed a row) and drops the next page asked before', async () => {
    const next = deferred<ListAnswer>();
    let firstPages = 0;
    const { requests } = stubListFetch(PATH, ({ query }) =>
      query.cursor === 'c2'
        ? next.promise
        : ++firstPages === 1
          ? ticketsPage([makeTicket({ id: 3003 })], 'c2')
          : ticketsPage([makeTicket({ id: 3004 })]),
    );
    const user = userEvent.setup();
    await renderList();
    await user.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    await act(async () => useTicketsListStore.getState().reload());
    expect(await screen.findByText('3004')).toBeInTheDocument();
    expect(requests).toHaveLength(3);
    await act(async () => {
      next.resolve(ticketsPage([makeTicket({ id: 2002 })]));
      await next.promise;
    });
    expect(screen.queryByText('2002')).not.toBeInTheDocument();
    expect(screen.queryByText('3003')).not.toBeInTheDocument();
    // The saved copy is the new first page.
    expect(useTicketsListStore.getState().items).toEqual([expect.objectContaining({ id: 3004 })]);
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observer = stubIntersectionObserver();
    const { requests } = stubListFetch(PATH, ({ query }) =>
      query.cursor === 'c2'
        ? ticketsPage([makeTicket({ id: 2002 })], 'c3')
        : ticketsPage([makeTicket({ id: 3003 })], 'c2'),
    );
    await renderList();
    await screen.findByText('3003');
    await waitFor(() => expect(observer.count).toBe(1));
    act(() => observer.reveal());
    expect(await screen.findByText('2002')).toBeInTheDocument();
    expect(requests.at(-1)?.query.cursor).toBe('c2');
  });

  it("shows cards on phones; one awaiting a decision says 'Нужно решение' in words, its number a plain number", async () => {
    showTable(false);
    stubListFetch(PATH, () =>
      ticketsPage([makeTicket({ id: 31, dv_approve_need: true, defectives_count: 1 }), makeTicket({ id: 32 })]),
    );
    await renderList();
    const card = (await screen.findByRole('heading', { name: /Заявка №\s*31/ })).closest('li')!;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('05.03.2025');
    expect(card).toHaveTextContent('Ожидает одобрения');
    expect(within(card).getByRole('heading')).toHaveTextContent(/^Заявка №\s*31\s*Нужно решение$/);
    expect(within(card).getByRole('link', { name: 'Подробнее о заявке №31' })).toHaveAttribute(
      'href',
      '/cabinet/tickets/31',
    );
    const other = screen.getByRole('heading', { name: /Заявка №\s*32/ });
    expect(other).not.toHaveTextContent('Нужно решение');
  });

  it("with a filter on, an empty answer says 'Ничего не найдено' and 'Сбросить фильтры' shows every ticket", async () => {
    const { requests } = stubListFetch(PATH, ({ query }) =>
      query.status ? ticketsPage([]) : ticketsPage([makeTicket({ id: 808 })]),
    );
    await renderList({ ...EMPTY_TICKETS_FILTER, status: 7 });
    expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
    expect(screen.queryByText('У вас пока нет открытых заявок.')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(await screen.findByText('808')).toBeInTheDocument();
    expect(requests.map((request) => request.query.status)).toEqual(['7', undefined]);
  });

  it("keeps the spec's text for a clinic with no tickets at all (no filter on)", async () => {
    stubListFetch(PATH, () => ticketsPage([]));
    await renderList();
    expect(await screen.findByText('У вас пока нет открытых заявок.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).not.toBeInTheDocument();
  });

  it('does not bring back the filter of an earlier visit: the saved rows of another filter are not shown', async () => {
    useTicketsListStore.setState({
      filter: { ...EMPTY_TICKETS_FILTER, number: '77' },
      items: [makeTicket({ id: 771 })],
      ownerId: USER_ID,
      fetchedAt: Date.now(),
    });
    const hold = deferred<ListAnswer>();
    const { requests } = stubListFetch(PATH, () => hold.promise);
    await renderList();
    expect(screen.queryByText('771')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Номер заявки')).toHaveValue('');
    hold.resolve(ticketsPage([makeTicket({ id: 900 })]));
    expect(await screen.findByText('900')).toBeInTheDocument();
    expect(requests[0]!.query.number).toBeUndefined();
  });

  it('shows the saved first page at once and keeps it for the owner only', async () => {
    useTicketsListStore.setState({
      items: [makeTicket({ id: 444 })],
      ownerId: USER_ID,
      fetchedAt: Date.now(),
    });
    const hold = deferred<ListAnswer>();
    const again = deferred<ListAnswer>();
    let calls = 0;
    stubListFetch(PATH, () => (++calls === 1 ? hold.promise : again.promise));
    await renderList();
    expect(screen.getByText('444')).toBeInTheDocument();
    hold.resolve(ticketsPage([makeTicket({ id: 445 })]));
    expect(await screen.findByText('445')).toBeInTheDocument();
    expect(useTicketsListStore.getState()).toMatchObject({ ownerId: USER_ID, items: [{ id: 445 }] });

    // The account on this device changes: neither the rows shown nor the saved copy are theirs to see.
    await act(() => forgetAccountData());
    expect(screen.queryByText('445')).not.toBeInTheDocument();
    expect(useTicketsListStore.getState().items).toEqual([]);
    again.resolve(ticketsPage([makeTicket({ id: 446 })]));
    expect(await screen.findByText('446')).toBeInTheDocument();
  });

  it("says how old the service worker's saved list is, and reloads when the connection is back", async () => {
    const savedAt = Date.now() - 10 * 60_000;
    let fresh = false;
    const { requests } = stubListFetch(PATH, () =>
      fresh
        ? ticketsPage([makeTicket({ id: 602 })])
        : { ...ticketsPage([makeTicket({ id: 601 })]), headers: { [CACHED_AT_HEADER]: String(savedAt) } },
    );
    await renderList();
    expect(await screen.findByText('601')).toBeInTheDocument();
    expect(screen.getByText('Обновлено 10 минут назад')).toBeInTheDocument();
    expect(useTicketsListStore.getState().fetchedAt).toBe(savedAt);

    fresh = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('602')).toBeInTheDocument();
    expect(screen.queryByText(/^Обновлено/)).not.toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('says how old the saved rows are when a refresh fails, or while offline; not when fresh', async () => {
    useTicketsListStore.setState({
      items: [makeTicket({ id: 444 })],
      ownerId: USER_ID,
      fetchedAt: Date.now() - 2 * 60 * 60_000,
    });
    stubListFetch(PATH, () => ({
      status: 503,
      body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' },
    }));
    await renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер временно недоступен');
    expect(screen.getByText('444')).toBeInTheDocument();
    expect(screen.getByText('Обновлено 2 часа назад')).toBeInTheDocument();

    stubListFetch(PATH, () => ticketsPage([makeTicket({ id: 445 })]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('445')).toBeInTheDocument();
    expect(screen.queryByText(/^Обновлено/)).not.toBeInTheDocument();

    act(() => goOffline());
    expect(screen.getByText('Обновлено несколько секунд назад')).toBeInTheDocument();
  });
});
