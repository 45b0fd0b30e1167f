import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthDialog } from './auth-dialog-store.ts';
import { ResetRequestForm } from './reset-request-form.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';

beforeEach(() => {
  useAuthDialog.setState({ view: 'reset', switching: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetRequestForm', () => {
  it('validates the e-mail', async () => {
    const user = userEvent.setup();
    render(<ResetRequestForm />);
    await user.type(screen.getByLabelText('Эл. почта'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Восстановить пароль' }));
    expect(await screen.findByText('Введите корректный адрес эл. почты')).toBeInTheDocument();
  });

  it('shows the server success message', async () => {
    const { calls } = stubFetch({
      'POST /ajax/password/forgot': {
        body: { success: true, message: 'Ссылка для восстановления пароля отправлена на вашу почту' },
      },
    });
    const user = userEvent.setup();
    render(<ResetRequestForm />);
    await user.type(screen.getByLabelText('Эл. почта'), 'anna@clinic.ru');
    await user.click(screen.getByRole('button', { name: 'Восстановить пароль' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ссылка для восстановления пароля отправлена на вашу почту',
    );
    expect(calls[0]?.body).toEqual({ email: 'anna@clinic.ru' });
  });

  it('shows a server error under the e-mail field', async () => {
    stubFetch({
      'POST /ajax/password/forgot': {
        status: 429,
        body: { success: false, message: 'Слишком много запросов. Попробуйте позже.' },
      },
    });
    const user = userEvent.setup();
    render(<ResetRequestForm />);
    await user.type(screen.getByLabelText('Эл. почта'), 'anna@clinic.ru');
    await user.click(screen.getByRole('button', { name: 'Восстановить пароль' }));
    const message = await screen.findByText('Слишком много запросов. Попробуйте позже.');
    expect(screen.getByLabelText('Эл. почта').getAttribute('aria-describedby')).toContain(message.id);
  });
});
