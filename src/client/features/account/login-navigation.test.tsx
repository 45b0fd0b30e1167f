import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import { LoginForm } from './login-form.tsx';
import { demoUser, stubFetch } from '#client/lib/testing/fetch-stub.ts';

function renderAt(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <LoginForm />
        <Outlet />
      </>
    ),
  });
  const routes = ['/', '/cabinet/tickets', '/courier', '/services', '/client/restore-password/$code'].map((routePath) =>
    createRoute({ getParentRoute: () => root, path: routePath, component: () => <p>page {routePath}</p> }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Эл. почта'), 'anna@clinic.ru');
  await user.type(screen.getByLabelText('Пароль'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  await waitFor(() => expect(useAccountStore.getState().user).not.toBeNull());
}

beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true });
  useAuthDialog.setState({ view: 'login', switching: false });
  stubFetch({ 'POST /ajax/login': { body: { success: true, user: demoUser, csrf_token: 't' } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('after login', () => {
  it('goes from the home page to the requests', async () => {
    const router = renderAt('/');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/tickets'));
  });

  it('goes from a reset link just used to the requests, not back to the reset page', async () => {
    const router = renderAt('/client/restore-password/abc123');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/tickets'));
  });

  it('stays on any other page', async () => {
    const router = renderAt('/services');
    await logIn();
    expect(router.state.location.pathname).toBe('/services');
  });

  it('takes a courier to its route from any page', async () => {
    stubFetch({
      'POST /ajax/login': { body: { success: true, user: { ...demoUser, kind: 'courier' }, csrf_token: 't' } },
    });
    const router = renderAt('/services');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/courier'));
  });
});
