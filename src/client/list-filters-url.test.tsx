// The lists' filters live in the address (ADR 0022), through the real route tree: a reload or a shared
// link shows the same list, Back returns to it, and a malformed value is dropped, not an error page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { EMPTY_BILLS_FILTER } from '#client/features/bills/api.ts';
import { useBillsStore } from '#client/features/bills/bills-store.ts';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { resetTicketsListStore, ticketsPage, makeTicket } from '#client/features/tickets/testing/list-fixtures.ts';
import { demoUser, stubFetch, type RecordedCall } from '#client/lib/testing/fetch-stub.ts';
import { resetPagedListStore } from '#client/lib/testing/paged-list-fixtures.ts';
import { createAppRouter } from './router.tsx';

async function renderApp(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  return router;
}

const listCalls = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.query);

function stubServer() {
  return stubFetch({
    'GET /ajax/user/data': { body: { success: true, user: demoUser, csrf_token: 'csrf-1' } },
    'GET /ajax/cabinet/tickets': ticketsPage([makeTicket({ id: 4242 })]),
    'GET /ajax/cabinet/bills': { body: { success: true, data: [], next_cursor: null } },
  });
}

beforeEach(() => {
  resetTicketsListStore();
  resetPagedListStore(useBillsStore, EMPTY_BILLS_FILTER);
  useAccountStore.setState({ user: demoUser, verifiedEmail: null, hydrated: true, checked: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('the lists’ filters in the address', () => {
  it('a link with filters shows that list, its controls set; a change goes into the address', async () => {
    const { calls } = stubServer();
    const router = await renderApp('/cabinet/tickets?status=5&number=12&from=2026-01-01&to=2026-01-31&mine=true');
    await screen.findByText('4242');
    expect(listCalls(calls, '/ajax/cabinet/tickets')[0]).toMatchObject({
      status: '5',
      number: '12',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      client_id: String(demoUser.id),
    });
    expect(screen.getByLabelText('Статус')).toHaveValue('5');
    expect(screen.getByLabelText('Номер заявки')).toHaveValue('12');
    expect(screen.getByRole('checkbox', { name: 'Только мои заявки' })).toBeChecked();

    await userEvent.setup().selectOptions(screen.getByLabelText('Статус'), 'Закрыта');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 7, number: 12, mine: true }));
    // Plain in the address, as a person would type or share it: ?number=12, not ?number="12".
    expect(router.state.location.href).toMatch(/[?&]number=12(&|$)/);
    await waitFor(() => expect(listCalls(calls, '/ajax/cabinet/tickets').at(-1)).toMatchObject({ status: '7' }));
  });

  it('Back from a ticket returns to the filtered list', async () => {
    stubServer();
    const router = await renderApp('/cabinet/tickets');
    await screen.findByText('4242');
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Только мои заявки' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ mine: true }));
    await router.navigate({ to: '/cabinet/tickets/$id', params: { id: 4242 } });
    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/tickets'));
    expect(router.state.location.search).toEqual({ mine: true });
    expect(await screen.findByRole('checkbox', { name: 'Только мои заявки' })).toBeChecked();
  });

  it('drops malformed and internal values instead of failing: ?status=4 (Ошибка), a bad date, letters in the number', async () => {
    const { calls } = stubServer();
    await renderApp('/cabinet/tickets?status=4&from=yesterday&number=12a');
    await screen.findByText('4242');
    expect(listCalls(calls, '/ajax/cabinet/tickets')[0]).toEqual({ limit: '50' });
    expect(screen.getByLabelText('Статус')).toHaveValue('');
  });

  it("bills: 'Только мои счета' is in the address too", async () => {
    const { calls } = stubServer();
    const router = await renderApp('/cabinet/bills?mine=true');
    expect(await screen.findByRole('checkbox', { name: 'Только мои счета' })).toBeChecked();
    await waitFor(() => expect(listCalls(calls, '/ajax/cabinet/bills')[0]).toEqual({ client_id: String(demoUser.id) }));
    expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByText('У вас пока нет счетов.')).toBeInTheDocument();
  });
});
