import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import { RegistrationForm } from './registration-form.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';

beforeEach(() => {
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true });
  useAuthDialog.setState({ view: 'register', switching: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;

async function fillForm(user: User, overrides: { email?: string } = {}) {
  await user.type(screen.getByLabelText('Имя'), 'Анна');
  await user.type(screen.getByLabelText('Фамилия'), 'Петрова');
  await user.type(screen.getByLabelText('Телефон'), '9123456789');
  await user.type(screen.getByLabelText('Эл. почта'), overrides.email ?? 'anna@clinic.ru');
  await user.type(screen.getByLabelText('Название клиники'), 'Улыбка');
  await user.type(screen.getByLabelText('Город'), 'Казань');
  await user.click(screen.getByRole('checkbox', { name: /обработку персональных данных/ }));
}

const sent = { body: { success: true, message: 'Код отправлен на anna@clinic.ru' } };

/** The server's answer to an e-mail that already has an account. */
const EMAIL_TAKEN = {
  status: 422,
  body: {
    success: false,
    message: 'Пользователь с такой почтой уже зарегистрирован',
    errors: { email: ['Пользователь с такой почтой уже зарегистрирован'] },
  },
};

describe('RegistrationForm', () => {
  it('shows the spec message for every empty field and focuses the first', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const errorOf = (label: string) => {
      const input = screen.getByLabelText(label);
      const id = input.getAttribute('aria-describedby') ?? '';
      return document.getElementById(id.split(' ').find((part) => part.endsWith('-error')) ?? '')?.textContent;
    };
    await waitFor(() => expect(errorOf('Имя')).toBe('Это поле обязательно'));
    expect(errorOf('Фамилия')).toBe('Это поле обязательно');
    expect(errorOf('Телефон')).toBe('Это поле обязательно');
    expect(errorOf('Эл. почта')).toBe('Введите корректный адрес эл. почты');
    expect(errorOf('Название клиники')).toBe('Укажите название клиники');
    expect(errorOf('Город')).toBe('Укажите город');
    expect(screen.getByText('Согласие на обработку данных обязательно')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Имя')).toHaveFocus());
  });

  it('accepts Cyrillic names only', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await user.type(screen.getByLabelText('Имя'), 'Anna');
    await user.tab();
    expect(await screen.findByText('Это поле только для кириллицы')).toBeInTheDocument();
    // The message goes as soon as the value is fixed.
    await user.clear(screen.getByLabelText('Имя'));
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await waitFor(() => expect(screen.queryByText('Это поле только для кириллицы')).not.toBeInTheDocument());
  });

  it('masks the phone and sanitises pasted numbers', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm />);
    const phone = screen.getByLabelText('Телефон');
    await user.type(phone, '912345');
    expect(phone).toHaveValue('+7 (912) 345');
    await user.clear(phone);
    await user.click(phone);
    await user.paste('8 912 345-67-89');
    expect(phone).toHaveValue('+7 (912) 345-67-89');
    await user.tripleClick(phone);
    await user.paste('+79001112233');
    expect(phone).toHaveValue('+7 (900) 111-22-33');
    // A number whose second digit is not 9 is not a Russian mobile.
    await user.tripleClick(phone);
    await user.paste('+7 495 123 45 67');
    await user.tab();
    expect(await screen.findByText('Номер телефона должен начинаться с +7')).toBeInTheDocument();
  });

  it('ticks the consent from its words; the link words open the rules and leave the box as it is', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm />);
    const consent = screen.getByRole('checkbox', { name: /обработку персональных данных/ });
    await user.click(screen.getByText(/Даю согласие на обработку персональных данных/));
    expect(consent).toBeChecked();
    await user.click(screen.getByRole('link', { name: 'правилами программы лояльности' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(consent).toBeChecked();
  });

  it('goes to the code step: fields locked, code checked, 30 s resend countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubFetch({ 'POST /ajax/register/send-code': sent });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(<RegistrationForm />);
    // The consent to the loyalty rules makes the clinic a participant: no separate condition to tick (ADR 0016, amended).
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: /старше 18 лет/ })).not.toBeInTheDocument();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    const code = await screen.findByLabelText('Код из письма');
    expect(screen.getByText('Код отправлен на anna@clinic.ru')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      firstname: 'Анна',
      lastname: 'Петрова',
      phone: '79123456789',
      clinicName: 'Улыбка',
      city: 'Казань',
      email: 'anna@clinic.ru',
      approvalPolicy: true,
      resend: false,
    });
    expect(screen.getByLabelText('Имя')).toBeDisabled();
    expect(screen.getByLabelText('Телефон')).toBeDisabled();

    const resend = screen.getByRole('button', { name: /Отправить код повторно/ });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('Отправить код повторно (30 с)');
    // The seconds never go to a line of their own.
    expect(resend.textContent).toContain('(30\u00A0с)');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(resend).toHaveTextContent('(20 с)');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(resend).toBeEnabled();
    expect(resend).toHaveTextContent(/^Отправить код повторно$/);

    // Code validation.
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Введите код')).toBeInTheDocument();
    await user.type(code, '12');
    expect(code).toHaveValue('1-2');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Введите 4 числа из письма')).toBeInTheDocument();

    // Resend: flagged, restarts the countdown.
    await user.click(resend);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ resend: true });
    await waitFor(() => expect(resend).toBeDisabled());
  });

  it('Back returns to the form and makes the next send a re-send', async () => {
    const { calls } = stubFetch({ 'POST /ajax/register/send-code': sent });
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await screen.findByLabelText('Код из письма');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.queryByLabelText('Код из письма')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Имя')).toBeEnabled();
    expect(screen.getByLabelText('Имя')).toHaveValue('Анна');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await screen.findByLabelText('Код из письма');
    expect(calls.map((call) => (call.body as { resend: boolean }).resend)).toEqual([false, true]);
  });

  it('scrolls the server e-mail error into view and focuses it (it is read out, and stays)', async () => {
    stubFetch({ 'POST /ajax/register/send-code': EMAIL_TAKEN });
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const message = await screen.findByText('Пользователь с такой почтой уже зарегистрирован');
    await waitFor(() => expect(message).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(message);
    expect(screen.getByText('Пользователь с такой почтой уже зарегистрирован')).toBeInTheDocument();
  });

  it('shows a server e-mail error under the e-mail field, cleared on focus', async () => {
    stubFetch({ 'POST /ajax/register/send-code': EMAIL_TAKEN });
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const message = await screen.findByText('Пользователь с такой почтой уже зарегистрирован');
    const email = screen.getByLabelText('Эл. почта');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    await user.click(email);
    expect(screen.queryByText('Пользователь с такой почтой уже зарегистрирован')).not.toBeInTheDocument();
  });

  it('shows a 429 message', async () => {
    stubFetch({
      'POST /ajax/register/send-code': {
        status: 429,
        body: { success: false, message: 'Слишком много попыток. Попробуйте через минуту.' },
        headers: { 'Retry-After': '60' },
      },
    });
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток. Попробуйте через минуту.');
  });

  it('shows a wrong code under the code input, then confirms and offers to log in with the e-mail', async () => {
    const { calls } = stubFetch({
      'POST /ajax/register/send-code': sent,
      'POST /ajax/register/confirm': [
        { status: 422, body: { success: false, message: 'Неверный код', errors: { code: ['Неверный код'] } } },
        {
          body: {
            success: true,
            message: 'Регистрация завершена! Пароль отправлен на почту.',
            email: 'anna@clinic.ru',
          },
        },
      ],
    });
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const code = await screen.findByLabelText('Код из письма');
    await user.type(code, '1111');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    const wrong = await screen.findByText('Неверный код');
    expect(code.getAttribute('aria-describedby')).toContain(wrong.id);

    await user.clear(code);
    await user.type(code, '4321');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Регистрация завершена! Пароль отправлен на почту.')).toBeInTheDocument();
    expect(calls[2]?.body).toMatchObject({ code: '4321', email: 'anna@clinic.ru' });
    expect(useAccountStore.getState().verifiedEmail).toBe('anna@clinic.ru');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(useAuthDialog.getState().view).toBe('login');
  });
});
