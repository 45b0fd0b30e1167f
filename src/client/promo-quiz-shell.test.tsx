// The shell's part of promo codes and the survey, through the real route tree (portal.md §2.4,
// §4.2, §4.3): a ?promocode= link opens the login for a guest and applies the code right after
// logging in, and goes straight to the result popup for a logged-in user; the header offers the
// survey when the user data says one waits. Needs src/client/route-tree.gen.ts (npm run routes).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { useAuthDialog } from '#client/features/account/auth-dialog-store.ts';
import { demoUser, stubFetch, type RecordedCall } from '#client/lib/testing/fetch-stub.ts';
import { createAppRouter } from './router.tsx';

async function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  return router;
}

const applied = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/ajax/promocode/set');

beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true, checked: false });
  useAuthDialog.setState({ view: null, switching: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthDialog.getState().close();
  window.history.replaceState(null, '', '/');
});

describe('a ?promocode= link', () => {
  it('goes straight to the result popup for a logged-in user: the code is sent once, the balance reloaded, the login never opened', async () => {
    let balls = 1500;
    const { calls } = stubFetch({
      'GET /ajax/user/data': () => ({ body: { success: true, user: { ...demoUser, balls }, csrf_token: 'csrf-1' } }),
      'POST /ajax/promocode/set': () => {
        balls += 300;
        return { body: { success: true, message: 300 } };
      },
    });
    useAccountStore.setState({ user: demoUser });
    const router = await renderApp('/cabinet/bills?promocode=%20Spring2026%20');

    const popup = await screen.findByRole('dialog', { name: 'Поздравляем!' });
    expect(within(popup).getByText(/300\sбонусов/)).toBeInTheDocument();
    expect(applied(calls).map((call) => call.body)).toEqual([{ promocode: 'Spring2026' }]);
    expect(applied(calls)[0]!.headers.get('x-csrf-token')).toBe('csrf-1');
    await waitFor(() => expect(useAccountStore.getState().user?.balls).toBe(1800));
    expect(useAuthDialog.getState().view).toBeNull();

    await userEvent.click(within(popup).getByRole('button', { name: 'Отлично' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Applied: the code leaves the address, so a reload does not send it again.
    expect(router.state.location.search).toEqual({});
    expect(applied(calls)).toHaveLength(1);
  });

  it("shows the refusal's errors.code text as the popup's heading", async () => {
    stubFetch({
      'GET /ajax/user/data': { body: { success: true, user: demoUser, csrf_token: 'csrf-1' } },
      'POST /ajax/promocode/set': {
        status: 422,
        body: {
          success: false,
          message: 'Вы уже использовали этот промокод',
          errors: { code: ['Вы уже использовали этот промокод'] },
        },
      },
    });
    useAccountStore.setState({ user: demoUser });
    await renderApp('/?promocode=SPRING');
    expect(await screen.findByRole('dialog', { name: 'Вы уже использовали этот промокод' })).toBeInTheDocument();
  });

  it('opens the login for a guest, and applies the code right after logging in', async () => {
    let session: typeof demoUser | null = null;
    const { calls } = stubFetch({
      'GET /ajax/user/data': () => ({
        body: { success: true, user: session, csrf_token: session ? 'csrf-1' : 'csrf-0' },
      }),
      'POST /ajax/login': () => {
        session = demoUser;
        return { body: { success: true, user: demoUser, csrf_token: 'csrf-1' } };
      },
      'POST /ajax/promocode/set': { body: { success: true, message: 500 } },
    });
    await renderApp('/services?promocode=ВЕСНА');
    const login = await screen.findByRole('dialog', { name: 'Вход в личный кабинет' });
    expect(applied(calls)).toHaveLength(0);
    // The form is inert under the ~1 s loader opening it shows (portal.md §4.2).
    await waitFor(() => expect(login.querySelector('[aria-busy="true"]')).toBeNull());
    await userEvent.type(await within(login).findByLabelText('Эл. почта'), 'anna@clinic.ru');
    await userEvent.type(within(login).getByLabelText('Пароль'), 'secret-password');
    await userEvent.click(within(login).getByRole('button', { name: 'Войти' }));

    const popup = await screen.findByRole('dialog', { name: 'Поздравляем!' });
    expect(within(popup).getByText(/500\sбонусов/)).toBeInTheDocument();
    expect(applied(calls).map((call) => call.body)).toEqual([{ promocode: 'ВЕСНА' }]);
  });
});

describe('the survey item', () => {
  it('is in the header only while a survey waits, and opens the survey popup', async () => {
    const { calls } = stubFetch({
      'GET /ajax/user/data': {
        body: { success: true, user: { ...demoUser, quiz_available: true }, csrf_token: 'csrf-1' },
      },
      'GET /ajax/cabinet/quiz/get': { status: 404, body: { success: false, message: 'Сейчас нет опросов для вас' } },
    });
    useAccountStore.setState({ user: demoUser });
    await renderApp('/cabinet/bills');
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('button', { name: 'Пройдите опрос — получите бонусы!' })).not.toBeInTheDocument();
    await userEvent.click(await within(banner).findByRole('button', { name: 'Пройдите опрос — получите бонусы!' }));
    const popup = await screen.findByRole('dialog', { name: 'Опрос' });
    expect(await within(popup).findByText('Сейчас нет опросов для вас')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/ajax/cabinet/quiz/get')).toBe(true);
  });
});
