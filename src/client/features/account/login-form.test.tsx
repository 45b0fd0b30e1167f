import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import { LoginForm } from './login-form.tsx';
import { demoUser, stubFetch } from '#client/lib/testing/fetch-stub.ts';

beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true });
  useAuthDialog.setState({ view: 'login', switching: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginForm', () => {
  it('shows the spec messages for an empty and a short password and a bad e-mail', async () => {
    const user = userEvent.setup();
    render(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите корректный адрес эл. почты')).toBeInTheDocument();
    expect(screen.getByText('Это поле обязательно')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Эл. почта')).toHaveFocus());

    await user.type(screen.getByLabelText('Эл. почта'), 'anna@');
    await user.type(screen.getByLabelText('Пароль'), '1234');
    await user.tab();
    expect(await screen.findByText('Нужно 8 символов и более')).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('aria-invalid', 'true');
  });

  it('logs in, stores the user and closes', async () => {
    const { calls } = stubFetch({
      'POST /ajax/login': { body: { success: true, user: demoUser, csrf_token: 'token-1' } },
    });
    const user = userEvent.setup();
    render(<LoginForm />);
    await user.type(screen.getByLabelText('Эл. почта'), 'anna@clinic.ru');
    await user.type(screen.getByLabelText('Пароль'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(useAccountStore.getState().user?.email).toBe('anna@clinic.ru'));
    expect(useAuthDialog.getState().view).toBeNull();
    expect(calls[0]?.body).toEqual({ email: 'anna@clinic.ru', password: 'secret-password' });
  });

  it('shows the server message under the password and clears it on focus', async () => {
    stubFetch({
      'POST /ajax/login': { status: 401, body: { success: false, message: 'Неверная почта или пароль' } },
    });
    const user = userEvent.setup();
    render(<LoginForm />);
    await user.type(screen.getByLabelText('Эл. почта'), 'anna@clinic.ru');
    await user.type(screen.getByLabelText('Пароль'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const message = await screen.findByText('Неверная почта или пароль');
    const password = screen.getByLabelText('Пароль');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    await user.click(password);
    expect(screen.queryByText('Неверная почта или пароль')).not.toBeInTheDocument();
  });

  it('shows a just-verified e-mail as text, with a way to change it', async () => {
    useAccountStore.setState({ verifiedEmail: 'new@clinic.ru' });
    const { calls } = stubFetch({
      'POST /ajax/login': { body: { success: true, user: demoUser, csrf_token: 't' } },
    });
    const user = userEvent.setup();
    render(<LoginForm />);
    expect(screen.getByTestId('login-email-text')).toHaveTextContent('new@clinic.ru');
    expect(screen.queryByLabelText('Эл. почта')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Пароль'), 'password-from-mail');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ email: 'new@clinic.ru', password: 'password-from-mail' });
    await waitFor(() => expect(useAccountStore.getState().verifiedEmail).toBeNull());
  });

  it('lets the verified e-mail be changed with a real button, and then no longer offers it as fixed text', async () => {
    useAccountStore.setState({ verifiedEmail: 'new@clinic.ru' });
    const user = userEvent.setup();
    const { unmount } = render(<LoginForm />);
    const change = screen.getByRole('button', { name: 'Изменить эл. почту' });
    expect(change).toHaveTextContent('Изменить');
    // Drawn as a button (the secondary one), not as a link.
    expect(change.className).toContain(buttonClassName('secondary'));
    await user.click(change);
    expect(screen.getByLabelText('Эл. почта')).toHaveValue('new@clinic.ru');
    expect(useAccountStore.getState().verifiedEmail).toBeNull();
    unmount();

    render(<LoginForm />);
    expect(screen.getByLabelText('Эл. почта')).toHaveValue('');
    expect(screen.queryByTestId('login-email-text')).not.toBeInTheDocument();
  });

  it('links to registration and reset', async () => {
    const user = userEvent.setup();
    render(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Регистрация' }));
    expect(useAuthDialog.getState().view).toBe('register');
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    expect(useAuthDialog.getState().view).toBe('reset');
  });
});
