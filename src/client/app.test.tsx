// The shell through the real route tree: 404, the cabinet guard and redirect, the promo-code login.
// Needs src/client/route-tree.gen.ts (npm run routes; `npm run test:unit` generates it first).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { useAuthDialog } from '#client/features/account/auth-dialog-store.ts';
import { demoUser, stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { createAppRouter } from './router.tsx';

async function renderApp(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  return router;
}

function serverUser(user: typeof demoUser | null) {
  return stubFetch({ 'GET /ajax/user/data': { body: { success: true, user, csrf_token: 'csrf-1' } } });
}

/** A courier logged in, the server answering `routes` too. */
function courierSession(routes: Parameters<typeof stubFetch>[0]) {
  const courier = { ...demoUser, kind: 'courier' as const };
  stubFetch({ 'GET /ajax/user/data': { body: { success: true, user: courier, csrf_token: 'csrf-1' } }, ...routes });
  useAccountStore.setState({ user: courier });
}

beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true, checked: false });
  useAuthDialog.setState({ view: null, switching: false });
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthDialog.getState().close();
});

describe('app shell', () => {
  it.each(['abc', '0', '007', '2147483648'])(
    'shows "Заявка не найдена" for the ticket path /cabinet/tickets/%s, asking the server nothing about it',
    async (bad) => {
      const { calls } = serverUser(demoUser);
      useAccountStore.setState({ user: demoUser });
      await renderApp(`/cabinet/tickets/${bad}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Заявка не найдена' })).toBeInTheDocument();
      expect(calls.some((call) => call.path.startsWith('/ajax/cabinet/tickets/'))).toBe(false);
    },
  );

  it('shows the 404 page for an unknown path, inside the shell', async () => {
    serverUser(null);
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByText('Данной страницы на сайте больше нет')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it("a link to the repair form brings the keyboard's place there, not only the view", async () => {
    useAccountStore.setState({ user: demoUser });
    serverUser(demoUser);
    await renderApp('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Оставить заявку' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Заявка на ремонт' })).toHaveFocus());
  });

  it('shows 404 for an unknown cabinet path too', async () => {
    useAccountStore.setState({ user: demoUser });
    serverUser(demoUser);
    await renderApp('/cabinet/unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
  });

  it('redirects /cabinet to /cabinet/tickets', async () => {
    useAccountStore.setState({ user: demoUser });
    serverUser(demoUser);
    const router = await renderApp('/cabinet');
    expect(router.state.location.pathname).toBe('/cabinet/tickets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
  });

  it("opens the bills for a colleague given only 'Счета', and sends the requests list's address there too", async () => {
    const billsOnly = { ...demoUser, hidden_sections: ['tickets' as const] };
    useAccountStore.setState({ user: billsOnly });
    stubFetch({
      'GET /ajax/user/data': { body: { success: true, user: billsOnly, csrf_token: 'csrf-1' } },
      'GET /ajax/cabinet/bills': { body: { success: true, bills: [], next_cursor: null } },
    });
    const router = await renderApp('/cabinet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/bills'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Счета' })).toBeInTheDocument();
  });

  it("sends a courier's saved session from a clinic page to its route, in the courier's own shell", async () => {
    courierSession({ 'GET /ajax/courier/stops': { body: { success: true, date: '2026-11-29', stops: [] } } });
    const router = await renderApp('/cabinet/tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courier'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Маршрут' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Разделы курьера' });
    expect(within(tabs).getByRole('link', { name: 'Карта' })).toHaveAttribute('href', '/courier/map');
    expect(within(tabs).getByRole('button', { name: 'Ещё' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it("gives a courier's notifications no 'Показать все': the history is a cabinet page, closed to it", async () => {
    courierSession({ 'GET /ajax/cabinet/notifications': { body: { success: true, data: [], next_cursor: null } } });
    await renderApp('/courier/notifications');
    expect(await screen.findByText('Уведомлений пока нет')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Уведомления' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Показать все' })).toBeNull();
  });

  it("shows a courier's own 404 for an unknown courier path: its shell, and 'К маршруту'", async () => {
    courierSession({ 'GET /ajax/courier/stops': { body: { success: true, date: '2026-11-29', stops: [] } } });
    const router = await renderApp('/courier/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Разделы курьера' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('link', { name: 'На главную' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'К маршруту' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courier'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Маршрут' })).toBeInTheDocument();
  });

  it('sends a clinic from the courier section to its requests', async () => {
    useAccountStore.setState({ user: demoUser });
    serverUser(demoUser);
    const router = await renderApp('/courier');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/tickets'));
  });

  it('tells a guest to log in on a cabinet page, and the button opens the login', async () => {
    serverUser(null);
    await renderApp('/cabinet/bills');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Вы не авторизованы в личном кабинете' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Для доступа к этой странице требуется авторизация')).toBeInTheDocument();
    const main = screen.getByRole('main');
    await userEvent.click(within(main).getByRole('button', { name: 'Войти' }));
    expect(useAuthDialog.getState().view).toBe('login');
    expect(await screen.findByRole('dialog', { name: 'Вход в личный кабинет' })).toBeInTheDocument();
  });

  it('with no saved account waits for the server before saying who is here: a session cookie may log the user in', async () => {
    let answer: (user: typeof demoUser) => void = () => {};
    stubFetch({
      'GET /ajax/user/data': () =>
        new Promise((resolve) => {
          answer = (user) => resolve({ body: { success: true, user, csrf_token: 'csrf-1' } });
        }),
    });
    await renderApp('/cabinet/tickets');
    // Neither 'not logged in' nor the guest's login buttons while the answer is on its way.
    await waitFor(() => expect(screen.getByRole('main').querySelector('[aria-busy="true"]')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: 'Вы не авторизованы в личном кабинете' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();

    answer(demoUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Вы не авторизованы в личном кабинете' })).not.toBeInTheDocument();
  });

  it('shows the cabinet shell to a logged-in user: navigation, unpaid badge, bank-details notice', async () => {
    const user = { ...demoUser, unpaid_bills: 4, balls: 1250 };
    useAccountStore.setState({ user });
    serverUser(user);
    await renderApp('/cabinet/bills');
    expect(await screen.findByRole('heading', { level: 1, name: 'Счета' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы личного кабинета' });
    const bills = within(nav).getByRole('link', { name: /Счета/ });
    expect(bills).toHaveAttribute('aria-current', 'page');
    expect(within(bills).getByTestId('badge')).toHaveTextContent('4');
    expect(screen.getByRole('note')).toHaveTextContent('С 12 сентября изменились банковские реквизиты');
    expect(screen.getByText(/1\s250\sбонусов/)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
  });

  it('shows the unpaid-bills notice on the home page too, not only in the cabinet', async () => {
    document.cookie = 'unpaid_bills_notice=; Max-Age=0; Path=/';
    const user = { ...demoUser, unpaid_bills: 2 };
    useAccountStore.setState({ user });
    serverUser(user);
    await renderApp('/');
    const notice = await screen.findByRole('dialog', { name: 'У вас есть неоплаченные счета' });
    expect(within(notice).getByRole('link', { name: 'Перейти к счетам' })).toHaveAttribute('href', '/cabinet/bills');
    document.cookie = 'unpaid_bills_notice=; Max-Age=0; Path=/';
  });

  it('loads the user on start', async () => {
    const { calls } = serverUser(demoUser);
    await renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: `Здравствуйте, ${demoUser.name}!` }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/ajax/user/data')).toBe(true);
  });

  it('opens the login when the page has a non-empty ?promocode=', async () => {
    serverUser(null);
    window.history.replaceState(null, '', '/?promocode=SPRING');
    await renderApp('/?promocode=SPRING');
    expect(await screen.findByRole('dialog', { name: 'Вход в личный кабинет' })).toBeInTheDocument();
  });

  it('does not open the login for an empty ?promocode=', async () => {
    serverUser(null);
    window.history.replaceState(null, '', '/?promocode=');
    await renderApp('/?promocode=');
    await screen.findByRole('heading', { level: 1 });
    expect(useAuthDialog.getState().view).toBeNull();
  });

  describe('installed app', () => {
    beforeEach(() => {
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            matches: query === '(display-mode: standalone)',
            media: query,
            addEventListener: () => {},
            removeEventListener: () => {},
          }) as unknown as MediaQueryList,
      );
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('shows the login in place of the unauthorized screen', async () => {
      serverUser(null);
      await renderApp('/cabinet/tickets');
      expect(await screen.findByTestId('auth-in-place')).toBeInTheDocument();
      expect(screen.queryByText('Вы не авторизованы в личном кабинете')).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("a guest's repair sheet offers the login first, and its Войти puts the login in the sheet's place", async () => {
      serverUser(null);
      await renderApp('/services');
      const tabs = await screen.findByRole('navigation', { name: 'Меню приложения' });
      await userEvent.click(await within(tabs).findByRole('button', { name: 'Ещё' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Меню' })).getByRole('button', {
          name: 'Оставить заявку на ремонт',
        }),
      );
      const sheet = await screen.findByRole('dialog', { name: 'Заявка на ремонт' });
      const offer = await within(sheet).findByRole('group', {
        name: 'Уже есть аккаунт? Войдите — данные подставятся сами',
      });
      await userEvent.click(within(offer).getByRole('button', { name: 'Войти' }));
      expect(await screen.findByTestId('auth-in-place')).toBeInTheDocument();
      expect(useAuthDialog.getState()).toMatchObject({ view: 'login', stayOnPage: true });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Заявка на ремонт' })).not.toBeInTheDocument());
    });

    it('leaves Войти out of the header while the login is in place of the page', async () => {
      serverUser(null);
      await renderApp('/cabinet/tickets');
      await screen.findByTestId('auth-in-place');
      const siteHeader = screen.getAllByRole('banner')[0]!; // the in-place panel has a <header> of its own
      expect(within(siteHeader).queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();
    });

    it('closing the in-place login on a cabinet page goes to the home page, not round again', async () => {
      serverUser(null);
      const router = await renderApp('/cabinet/tickets');
      const panel = await screen.findByTestId('auth-in-place');
      await userEvent.click(within(panel).getByRole('button', { name: 'Закрыть' }));
      await waitFor(() => expect(screen.queryByTestId('auth-in-place')).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe('/');
      expect(useAuthDialog.getState().view).toBeNull();
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      // Back on an ordinary page, the header offers the login again.
      expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    });

    /** A logged-in clinic's cabinet, with the repair sheet opened from the tab bar. */
    async function openRepairSheet() {
      useAccountStore.setState({ user: demoUser });
      serverUser(demoUser);
      await renderApp('/cabinet/tickets');
      const tabs = await screen.findByRole('navigation', { name: 'Меню приложения' });
      await userEvent.click(within(tabs).getByRole('button', { name: 'Ремонт' }));
      return screen.findByRole('dialog', { name: 'Заявка на ремонт' });
    }

    it('opens the full-screen repair sheet from the tab bar and locks the page scroll', async () => {
      const sheet = await openRepairSheet();
      // The wizard comes in the sheet, at its first step.
      expect(await within(sheet).findByRole('heading', { name: 'Контактная информация' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('data-scroll-locked');
      await userEvent.click(within(sheet).getAllByRole('button', { name: 'Закрыть' })[0]!);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.documentElement).not.toHaveAttribute('data-scroll-locked');
    });

    it('asks before closing the repair sheet once something was entered', async () => {
      const sheet = await openRepairSheet();
      const phone = await within(sheet).findByLabelText('Телефон');
      await userEvent.type(phone, '{Backspace}');
      await userEvent.click(within(sheet).getAllByRole('button', { name: 'Закрыть' })[0]!);
      const ask = await screen.findByRole('dialog', { name: 'Закрыть заявку?' });
      await userEvent.click(within(ask).getByRole('button', { name: 'Продолжить заполнение' }));
      expect(screen.getByRole('dialog', { name: 'Заявка на ремонт' })).toBeInTheDocument();
      await userEvent.click(within(sheet).getAllByRole('button', { name: 'Закрыть' })[0]!);
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Закрыть заявку?' })).getByRole('button', {
          name: 'Да, закрыть',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });
});
