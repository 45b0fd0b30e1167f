import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAccountStore } from './account-store.ts';
import { AUTH_SWITCH_DELAY_MS, useAuthDialog } from './auth-dialog-store.ts';
import { AuthHost, preloadAuthViews } from './auth-host.tsx';

// The forms load lazily; once in, they render at once, as these (fake-timer) tests expect. The wait
// for a form still loading is covered in auth-host-lazy.test.tsx.
beforeAll(() => preloadAuthViews());
beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true });
  useAuthDialog.setState({ view: null, switching: false });
});
afterEach(() => {
  act(() => useAuthDialog.getState().close());
  vi.useRealTimers();
});

describe('AuthHost', () => {
  it('renders nothing while closed', () => {
    render(<AuthHost standalone={false} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    render(<AuthHost standalone />);
    expect(screen.queryByTestId('auth-in-place')).not.toBeInTheDocument();
  });

  it('in the browser opens the form in a popup after a ~1 s loader', async () => {
    vi.useFakeTimers();
    render(<AuthHost standalone={false} />);
    act(() => useAuthDialog.getState().open('login'));
    const dialog = screen.getByRole('dialog', { name: 'Вход в личный кабинет' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Загрузка…');
    expect(dialog.querySelector('[inert]')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(AUTH_SWITCH_DELAY_MS);
    });
    expect(within(dialog).queryByText('Загрузка…')).not.toBeInTheDocument();
    expect(dialog.querySelector('[inert]')).toBeNull();
    expect(within(dialog).getByLabelText('Пароль')).toBeInTheDocument();
    expect(screen.queryByTestId('auth-in-place')).not.toBeInTheDocument();
  });

  it('switches views inside the popup, with the loader again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(<AuthHost standalone={false} />);
    act(() => useAuthDialog.getState().open('login'));
    act(() => {
      vi.advanceTimersByTime(AUTH_SWITCH_DELAY_MS);
    });
    await user.click(screen.getByRole('button', { name: 'Регистрация' }));
    const dialog = screen.getByRole('dialog', { name: 'Регистрация' });
    expect(within(dialog).getByText('Загрузка…')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(AUTH_SWITCH_DELAY_MS);
    });
    expect(within(dialog).getByLabelText('Фамилия')).toBeInTheDocument();
  });

  it('installed: the form swaps in place as a page panel, not a dialog', () => {
    vi.useFakeTimers();
    render(<AuthHost standalone />);
    act(() => useAuthDialog.getState().open('reset'));
    act(() => {
      vi.advanceTimersByTime(AUTH_SWITCH_DELAY_MS);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const panel = screen.getByTestId('auth-in-place');
    expect(panel.tagName).toBe('SECTION');
    expect(within(panel).getByRole('heading', { name: 'Восстановление пароля' })).toHaveFocus();
    expect(within(panel).getByLabelText('Эл. почта')).toBeInTheDocument();
  });

  it('installed: closes with the close button', async () => {
    const user = userEvent.setup();
    render(<AuthHost standalone />);
    act(() => useAuthDialog.getState().open('login'));
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(useAuthDialog.getState().view).toBeNull();
    expect(screen.queryByTestId('auth-in-place')).not.toBeInTheDocument();
  });

  it('closes the popup on Escape', async () => {
    const user = userEvent.setup();
    render(<AuthHost standalone={false} />);
    act(() => useAuthDialog.getState().open('login'));
    await user.keyboard('{Escape}');
    expect(useAuthDialog.getState().view).toBeNull();
  });

  it('installed: the close button calls onClose when given, instead of closing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<AuthHost standalone onClose={onClose} />);
    act(() => useAuthDialog.getState().open('login'));
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(useAuthDialog.getState().view).toBe('login');
  });
});
