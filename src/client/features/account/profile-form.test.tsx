import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserData } from '#shared/api/account.ts';
import { messages } from '#shared/validation/messages.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { demoUser, stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { useAccountStore } from './account-store.ts';
import { ProfileForm } from './profile-form.tsx';
import { SettingsForm } from './settings-form.tsx';

// Личные данные and Настройки (cabinet.md §2, §5, §8): the spec's messages, the popups, the user
// data fetched again after saving, the form back to the saved values after a failure, and a new
// e-mail that only counts once its code is entered.

let user: UserData;
beforeEach(() => {
  user = { ...demoUser };
  useAccountStore.setState({ user });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server: answers `personal`/`update`, and the user data as it is after them. */
function server(answer: { status?: number; body: unknown }, after: Partial<UserData> = {}) {
  return stubFetch({
    'POST /ajax/cabinet/profile/personal': answer,
    'POST /ajax/cabinet/profile/update': answer,
    'POST /ajax/cabinet/profile/email/confirm': {
      body: { success: true, message: 'Адрес эл. почты изменён: теперь для входа служит new@clinic.ru' },
    },
    'GET /ajax/user/data': () => ({ body: { success: true, user: { ...user, ...after }, csrf_token: 'token-1' } }),
  });
}
const saved = { body: { success: true, message: 'Данные успешно изменены!', email_change: null } };
const popup = (name: string) => screen.findByRole('dialog', { name });

describe('Личные данные', () => {
  it("checks the phone and the names with the spec's words, then saves, says so and reloads the user data", async () => {
    const { calls } = server(saved, { name: 'Мария' });
    await renderInRouter(() => <ProfileForm user={user} standalone={false} onLogout={() => {}} />);
    const phone = screen.getByLabelText('Телефон');
    await userEvent.clear(phone);
    await userEvent.type(phone, '91612');
    await userEvent.clear(screen.getByLabelText('Имя'));
    await userEvent.type(screen.getByLabelText('Имя'), 'Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Номер телефона должен начинаться с +7')).toBeInTheDocument();
    expect(screen.getByText('Это поле только для букв')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/ajax/cabinet/profile/personal')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Имя'));
    await userEvent.type(screen.getByLabelText('Имя'), 'Мария');
    await userEvent.clear(phone);
    await userEvent.type(phone, '9161234567');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const done = await popup('Данные успешно изменены!');
    const sent = calls.find((call) => call.path === '/ajax/cabinet/profile/personal')?.body as {
      name: string;
      phone: string;
    };
    expect(sent.name).toBe('Мария');
    expect(sent.phone.replace(/\D/g, '')).toBe('79161234567');
    await waitFor(() => expect(useAccountStore.getState().user?.name).toBe('Мария'));
    await userEvent.click(within(done).getByRole('button', { name: 'OK' }));
  });

  it("shows a server failure in 'Ошибка' and puts the saved values back", async () => {
    server({ status: 500, body: { success: false } });
    await renderInRouter(() => <ProfileForm user={user} standalone={false} onLogout={() => {}} />);
    await userEvent.clear(screen.getByLabelText('Фамилия'));
    await userEvent.type(screen.getByLabelText('Фамилия'), 'Иванова');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const failure = await popup('Ошибка');
    expect(failure).toHaveTextContent('Сервер временно недоступен');
    expect(screen.getByLabelText('Фамилия')).toHaveValue('Петрова');
  });

  it("shows the server's e-mail refusal under the field and clears it when the field is focused", async () => {
    server({
      status: 422,
      body: {
        success: false,
        message: 'Пользователь с таким e-mail уже зарегистрирован',
        errors: { email: ['Пользователь с таким e-mail уже зарегистрирован'] },
      },
    });
    await renderInRouter(() => <ProfileForm user={user} standalone={false} onLogout={() => {}} />);
    const email = screen.getByLabelText('Эл. почта');
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@clinic.ru');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Пользователь с таким e-mail уже зарегистрирован')).toBeInTheDocument();
    await userEvent.click(email);
    expect(screen.queryByText('Пользователь с таким e-mail уже зарегистрирован')).not.toBeInTheDocument();
  });

  it('keeps the old e-mail until the code from the new address is entered, and says it changed only then', async () => {
    const { calls } = server(
      {
        body: {
          success: true,
          message: 'Данные успешно изменены!',
          email_change: {
            email: 'new@clinic.ru',
            message: 'Код подтверждения отправлен на new@clinic.ru. Адрес изменится, когда вы введёте код.',
          },
        },
      },
      { pending_email: 'new@clinic.ru' },
    );
    // As the route does: the form follows the account store's user.
    function Page() {
      const current = useAccountStore((state) => state.user);
      return current ? <ProfileForm user={current} standalone={false} onLogout={() => {}} /> : null;
    }
    await renderInRouter(() => <Page />);
    await userEvent.clear(screen.getByLabelText('Эл. почта'));
    await userEvent.type(screen.getByLabelText('Эл. почта'), 'new@clinic.ru');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    // Nothing changed yet: no success, but the code form, which says why and takes the focus.
    const code = await screen.findByRole('form', { name: 'Подтверждение нового адреса' });
    expect(code).toHaveTextContent('Код подтверждения отправлен на new@clinic.ru');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Эл. почта')).toHaveValue('anna@clinic.ru');
    const codeField = within(code).getByLabelText('Код из письма');
    await waitFor(() => expect(codeField).toHaveFocus());
    // Leaving it before typing anything is no mistake.
    await userEvent.tab();
    expect(codeField).not.toHaveAttribute('aria-invalid', 'true');
    expect(code).not.toHaveTextContent('Введите');

    // Sent empty, it is refused with the spec's words; the message goes once the code is typed.
    await userEvent.click(within(code).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(code).findByText(messages.codeRequired)).toBeInTheDocument();
    await userEvent.type(codeField, '1234');
    expect(within(code).queryByText(messages.codeRequired)).not.toBeInTheDocument();
    await userEvent.click(within(code).getByRole('button', { name: 'Подтвердить' }));
    expect(await popup('Адрес эл. почты изменён: теперь для входа служит new@clinic.ru')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Данные успешно изменены!' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/ajax/cabinet/profile/email/confirm')?.body).toEqual({ code: '1234' });
  });

  it('offers Выйти in the installed app only', async () => {
    server(saved);
    const onLogout = vi.fn();
    const view = await renderInRouter(() => <ProfileForm user={user} standalone={false} onLogout={onLogout} />);
    expect(screen.queryByRole('button', { name: 'Выйти' })).not.toBeInTheDocument();
    view.unmount();
    await renderInRouter(() => <ProfileForm user={user} standalone onLogout={onLogout} />);
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});

describe('Настройки', () => {
  it("saves only when something changed, with the spec's checks", async () => {
    const { calls } = server({ body: { success: true, message: 'Данные успешно изменены!' } }, { company: 'Улыбка+' });
    await renderInRouter(() => <SettingsForm user={user} />);
    const save = screen.getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('Эл. почта')).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText('Отчество'), 'В');
    await userEvent.tab();
    expect(save).toBeEnabled();
    expect(await screen.findByText(/Минимум 2 символа|Допустимы только буквы/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Отчество'));
    await userEvent.clear(screen.getByLabelText('Организация'));
    await userEvent.tab();
    expect(await screen.findByText('Обязательное поле')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Организация'), 'Улыбка+');
    await userEvent.click(save);
    expect(await popup('Данные успешно изменены!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/ajax/cabinet/profile/update')?.body).toEqual({
      surname: 'Петрова',
      name: 'Анна',
      patronymic: '',
      company: 'Улыбка+',
    });
    await waitFor(() => expect(save).toBeDisabled());
  });
});
