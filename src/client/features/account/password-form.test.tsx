import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import { PasswordForm } from './password-form.tsx';
import { demoUser, stubFetch } from '#client/lib/testing/fetch-stub.ts';

beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true });
  useAuthDialog.setState({ view: null, switching: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PasswordForm', () => {
  it('requires a password of 8 characters and a matching confirmation', async () => {
    const user = userEvent.setup();
    render(<PasswordForm variant="change" />);
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findAllByText('Это поле обязательно')).toHaveLength(2);
    expect(screen.getByText('Пароли не совпали')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Текущий пароль')).toHaveFocus());

    await user.type(screen.getByLabelText('Новый пароль'), 'short');
    await user.tab();
    expect(await screen.findByText('Нужно 8 символов и более')).toBeInTheDocument();
  });

  it('says the passwords differ, and stops once they agree', async () => {
    const user = userEvent.setup();
    render(<PasswordForm variant="change" />);
    await user.type(screen.getByLabelText('Новый пароль'), 'long-enough-1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'long-enough-2');
    await user.tab();
    expect(await screen.findByText('Пароли не совпали')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Повторите пароль'));
    await user.type(screen.getByLabelText('Повторите пароль'), 'long-enough-1');
    await waitFor(() => expect(screen.queryByText('Пароли не совпали')).not.toBeInTheDocument());
  });

  it('changes the password of a logged-in user and shows the success text only', async () => {
    useAccountStore.setState({ user: demoUser });
    const { calls } = stubFetch({
      'POST /ajax/password/change': { body: { success: true, message: 'Пароль изменён' } },
    });
    const user = userEvent.setup();
    render(<PasswordForm variant="change" />);
    await user.type(screen.getByLabelText('Текущий пароль'), 'old-password-1');
    await user.type(screen.getByLabelText('Новый пароль'), 'new-password-1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароль успешно изменен!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      current_password: 'old-password-1',
      new_password: 'new-password-1',
      new_password_confirmation: 'new-password-1',
    });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Войти в личный кабинет' })).not.toBeInTheDocument();
  });

  it('shows a wrong current password under its own field', async () => {
    useAccountStore.setState({ user: demoUser });
    stubFetch({
      'POST /ajax/password/change': {
        status: 422,
        body: {
          success: false,
          message: 'Неверный текущий пароль',
          errors: { current_password: ['Неверный текущий пароль'] },
        },
      },
    });
    const user = userEvent.setup();
    render(<PasswordForm variant="change" />);
    await user.type(screen.getByLabelText('Текущий пароль'), 'not-my-password');
    await user.type(screen.getByLabelText('Новый пароль'), 'new-password-1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    const message = await screen.findByText('Неверный текущий пароль');
    expect(screen.getByLabelText('Текущий пароль').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('hints how strong the new password is and which rule it breaks, once the checker has loaded', async () => {
    const user = userEvent.setup();
    render(<PasswordForm variant="reset" code="abc123" />);
    await user.type(screen.getByLabelText('Новый пароль'), '11111111');
    expect(
      await screen.findByText(/Надёжность пароля: очень слабый\. Этот пароль слишком распространён/),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Новый пароль'));
    await user.type(screen.getByLabelText('Новый пароль'), 'Tq7#vLp2-zeHw9!');
    expect(await screen.findByText('Надёжность пароля: надёжный')).toBeInTheDocument();
  });

  it('resets with the code; a guest is offered the login', async () => {
    const { calls } = stubFetch({
      'POST /ajax/password/reset': { body: { success: true, message: 'ok', email: 'anna@clinic.ru' } },
    });
    const user = userEvent.setup();
    render(<PasswordForm variant="reset" code="abc123" />);
    expect(screen.queryByLabelText('Текущий пароль')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Новый пароль'), 'new-password-1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await screen.findByText('Пароль успешно изменен!');
    expect(calls[0]?.body).toEqual({
      new_password: 'new-password-1',
      new_password_confirmation: 'new-password-1',
      code: 'abc123',
    });
    await user.click(screen.getByRole('button', { name: 'Войти в личный кабинет' }));
    expect(useAuthDialog.getState().view).toBe('login');
    // The login starts with the account's e-mail filled in.
    expect(useAccountStore.getState().verifiedEmail).toBe('anna@clinic.ru');
  });

  it('after a reset, a logged-in user gets a link to the requests', async () => {
    useAccountStore.setState({ user: demoUser });
    stubFetch({ 'POST /ajax/password/reset': { body: { success: true, message: 'ok', email: 'anna@clinic.ru' } } });
    const user = userEvent.setup();
    render(<PasswordForm variant="reset" code="abc123" />);
    await user.type(screen.getByLabelText('Новый пароль'), 'new-password-1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await screen.findByText('Пароль успешно изменен!');
    expect(screen.getByRole('link', { name: 'Перейти к заявкам' })).toHaveAttribute('href', '/cabinet/tickets');
  });

  it('shows the server message under the confirmation; leaving clears the form and the flag', async () => {
    stubFetch({
      'POST /ajax/password/reset': {
        status: 422,
        body: { success: false, message: 'Ссылка устарела. Запросите новую.' },
      },
    });
    const user = userEvent.setup();
    const { unmount } = render(<PasswordForm variant="reset" code="old" />);
    await user.type(screen.getByLabelText('Новый пароль'), 'new-password-1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    const message = await screen.findByText('Ссылка устарела. Запросите новую.');
    expect(screen.getByLabelText('Повторите пароль').getAttribute('aria-describedby')).toContain(message.id);
    unmount();
    render(<PasswordForm variant="reset" code="old" />);
    expect(screen.getByLabelText('Новый пароль')).toHaveValue('');
    expect(screen.queryByText('Ссылка устарела. Запросите новую.')).not.toBeInTheDocument();
  });
});
