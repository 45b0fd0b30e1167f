import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_MESSAGES } from '#shared/screens/invitations.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { demoUser, stubFetch, type StubResponse } from '#client/lib/testing/fetch-stub.ts';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import { InvitationScreen } from './invitation-screen.tsx';

// The invitation link's page (issue 41): checked as it opens, a revoked or expired one says so, the
// short form's errors, and a success that logs in and lands in the owner's tickets (or bills).

const TOKEN = 't'.repeat(43);
const PATH = `/client/invitation/${TOKEN}`;

const invitation = {
  email: 'reception@clinic.ru',
  clinic: 'Улыбка',
  owner_name: 'Ирина Котова',
  level: 'tickets',
  level_label: 'Только заявки',
};
const valid: StubResponse = { body: { success: true, invitation } };

function server(check: StubResponse | StubResponse[] | (() => Promise<StubResponse>), accept?: StubResponse) {
  return stubFetch({
    'POST /ajax/invitations/check': check,
    'POST /ajax/invitations/accept': accept ?? {
      body: { success: true, landing: '/cabinet/tickets', csrf_token: 'csrf-new' },
    },
    'GET /ajax/user/data': { body: { success: true, user: demoUser, csrf_token: 'csrf-new' } },
    'POST /ajax/logout': { body: { success: true, csrf_token: 'csrf-guest' } },
  });
}

beforeEach(() => useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true }));
afterEach(() => vi.unstubAllGlobals());

const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return document.getElementById(id.split(' ').find((part) => part.endsWith('-error')) ?? '')?.textContent;
};

/** A paragraph whose whole text is `text` (the address in it is in bold, a separate element). */
const findParagraph = (text: string) =>
  screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === text);

async function fill(user: ReturnType<typeof userEvent.setup>, confirmation = 'correct-horse-42') {
  await user.type(await screen.findByLabelText('Имя'), 'Ольга');
  await user.type(screen.getByLabelText('Фамилия'), 'Смирнова');
  await user.type(screen.getByLabelText('Телефон'), '9123456789');
  await user.type(screen.getByLabelText('Пароль'), 'correct-horse-42');
  await user.type(screen.getByLabelText('Повторите пароль'), confirmation);
}

describe('InvitationScreen', () => {
  it('says it is checking the link, then whose invitation it is, at which level, for which address', async () => {
    let answer: ((response: StubResponse) => void) | undefined;
    const { calls } = server(() => new Promise((resolve) => (answer = resolve)));
    await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
    expect(screen.getByRole('status')).toHaveTextContent('Проверяем приглашение…');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer?.(valid);
    const form = await screen.findByRole('form', { name: 'Принять приглашение' });
    expect(form).toHaveTextContent(
      'Ирина Котова приглашает вас в кабинет клиники «Улыбка». Доступ: «Только заявки». Вход — по адресу reception@clinic.ru.',
    );
    expect(calls.map((call) => [call.path, call.body])).toEqual([['/ajax/invitations/check', { token: TOKEN }]]);
  });

  it.each([
    ['expired', 409, INVITATION_MESSAGES.expired],
    ['revoked', 404, INVITATION_MESSAGES.unknown],
  ])(
    "an %s link says so at once, with no form and no 'Повторить' (asking again cannot help), only the way home",
    async (_kind, status, message) => {
      server({ status, body: { success: false, message } });
      const user = userEvent.setup();
      const { router } = await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByLabelText('Пароль')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'На главную' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it("a link already accepted leads to 'Войти', not 'Повторить'", async () => {
    server({ status: 409, body: { success: false, message: INVITATION_MESSAGES.accepted } });
    const user = userEvent.setup();
    await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
    expect(await screen.findByText(INVITATION_MESSAGES.accepted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(useAuthDialog.getState().view).toBe('login');
  });

  it("keeps 'Повторить' when the check did not reach the server, and checks again on it", async () => {
    const { calls } = server([
      { status: 503, body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' } },
      valid,
    ]);
    const user = userEvent.setup();
    await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('form', { name: 'Принять приглашение' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/ajax/invitations/check')).toHaveLength(2);
  });

  it("says who is logged in instead of the form, and 'Выйти' logs out and stays here with the form", async () => {
    useAccountStore.setState({ user: { ...demoUser, email: 'demo@clinic.test' } });
    const { calls } = server(valid);
    const user = userEvent.setup();
    const { router } = await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
    expect(
      await findParagraph('Вы вошли как demo@clinic.test. Чтобы принять приглашение, выйдите из этой учётной записи.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ирина Котова приглашает вас в кабинет клиники «Улыбка»/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Принять приглашение' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Пароль')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(await screen.findByRole('form', { name: 'Принять приглашение' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/ajax/logout');
    expect(useAccountStore.getState().user).toBeNull();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it("a refusal because someone logged in meanwhile (another tab) turns the form into who is logged in, with 'Выйти'", async () => {
    server(valid, { status: 409, body: { success: false, message: INVITATION_MESSAGES.loggedIn } });
    const user = userEvent.setup();
    await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(
      await findParagraph(`Вы вошли как ${demoUser.email}. Чтобы принять приглашение, выйдите из этой учётной записи.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Пароль')).not.toBeInTheDocument();
  });

  it('shows each empty field’s error, focuses the first and sends nothing', async () => {
    const { calls } = server(valid);
    const user = userEvent.setup();
    await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Принять приглашение' }));
    await waitFor(() => expect(errorOf('Имя')).toBe('Это поле обязательно'));
    expect(errorOf('Фамилия')).toBe('Это поле обязательно');
    expect(errorOf('Телефон')).toBe('Это поле обязательно');
    await waitFor(() => expect(screen.getByLabelText('Имя')).toHaveFocus());
    expect(calls.filter((call) => call.path === '/ajax/invitations/accept')).toEqual([]);
  });

  it('refuses a Latin name and passwords that differ, before asking the server', async () => {
    const { calls } = server(valid);
    const user = userEvent.setup();
    await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
    await fill(user, 'correct-horse-43');
    await user.clear(screen.getByLabelText('Имя'));
    await user.type(screen.getByLabelText('Имя'), 'Olga');
    await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    await waitFor(() => expect(errorOf('Имя')).toBe('Это поле только для кириллицы'));
    expect(errorOf('Повторите пароль')).toBe('Пароли не совпали');
    expect(calls.filter((call) => call.path === '/ajax/invitations/accept')).toEqual([]);
  });

  it('shows the server’s refusal under the form and stays', async () => {
    server(valid, { status: 409, body: { success: false, message: INVITATION_MESSAGES.emailTaken } });
    const user = userEvent.setup();
    const { router } = await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(await screen.findByText(INVITATION_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it.each([['/cabinet/tickets'], ['/cabinet/bills']])(
    'makes the account, reads the logged-in user and lands in %s',
    async (landing) => {
      const { calls } = server(valid, { body: { success: true, landing, csrf_token: 'csrf-new' } });
      const user = userEvent.setup();
      const { router } = await renderInRouter(() => <InvitationScreen token={TOKEN} />, { path: PATH });
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
      expect(calls.find((call) => call.path === '/ajax/invitations/accept')?.body).toEqual({
        token: TOKEN,
        name: 'Ольга',
        surname: 'Смирнова',
        phone: '79123456789',
        new_password: 'correct-horse-42',
        new_password_confirmation: 'correct-horse-42',
      });
      expect(useAccountStore.getState().user?.email).toBe(demoUser.email);
    },
  );
});
