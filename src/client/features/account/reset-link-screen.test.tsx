import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import { AuthHost, preloadAuthViews } from './auth-host.tsx';
import { ResetLinkScreen } from './reset-link-screen.tsx';

const CODE = 'x'.repeat(43);

beforeAll(() => preloadAuthViews());
beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true });
  useAuthDialog.setState({ view: null, switching: false, email: null });
});
afterEach(() => {
  act(() => useAuthDialog.getState().close());
  vi.unstubAllGlobals();
});

const answer = (valid: boolean) => stubFetch({ 'POST /ajax/password/check': { body: { success: true, valid } } });

describe('ResetLinkScreen', () => {
  it('checks the link as the page opens: a live one gets the password form', async () => {
    const { calls } = answer(true);
    render(<ResetLinkScreen code={CODE} />);
    expect(screen.getByRole('status')).toHaveTextContent('Проверяем ссылку…');
    expect(await screen.findByLabelText('Новый пароль')).toBeInTheDocument();
    expect(calls.map((call) => [call.path, call.body])).toEqual([['/ajax/password/check', { code: CODE }]]);
  });

  it('a used or expired one says so at once, and its button opens the reset request with the known e-mail', async () => {
    answer(false);
    useAccountStore.setState({ verifiedEmail: 'new@clinic.ru' });
    const user = userEvent.setup();
    render(
      <>
        <ResetLinkScreen code={CODE} />
        <AuthHost standalone={false} />
      </>,
    );
    expect(await screen.findByText('Ссылка устарела или уже использована')).toBeInTheDocument();
    expect(screen.queryByLabelText('Новый пароль')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Запросить новую ссылку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Восстановление пароля' });
    expect(await within(dialog).findByLabelText('Эл. почта')).toHaveValue('new@clinic.ru');
  });

  it('shows the form when the check itself fails (no network): the submit will tell', async () => {
    stubFetch({
      'POST /ajax/password/check': {
        status: 503,
        body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' },
      },
    });
    render(<ResetLinkScreen code={CODE} />);
    expect(await screen.findByLabelText('Новый пароль')).toBeInTheDocument();
  });
});
