// The auth forms arrive in their own chunk, under the loader that opening a form shows anyway: the
// host (and so the shell) renders before the forms' code has loaded.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import { AuthHost } from './auth-host.tsx';

const loginModule = vi.hoisted(() => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, released };
});

// Holds the login form's module back until the test releases it. At most 2 s: a host that imported
// the form up front would only start late, and then fail the assertions below instead of hanging.
vi.mock('./login-form.tsx', async (importOriginal) => {
  await Promise.race([loginModule.released, new Promise((resolve) => setTimeout(resolve, 2000))]);
  return importOriginal();
});

beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true });
  useAuthDialog.setState({ view: null, switching: false });
});
afterEach(() => {
  act(() => useAuthDialog.getState().close());
});

describe('AuthHost, forms loaded on demand', () => {
  it('opens at once with the loader while the form is loading, then shows the form', async () => {
    render(<AuthHost standalone={false} />);
    act(() => useAuthDialog.getState().open('login'));
    const dialog = screen.getByRole('dialog', { name: 'Вход в личный кабинет' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Загрузка…');
    expect(within(dialog).queryByLabelText('Пароль')).not.toBeInTheDocument();

    loginModule.release();
    expect(await within(dialog).findByLabelText('Пароль')).toBeInTheDocument();
  });
});
