import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { guestMessages } from '#shared/screens/guest-requests.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#shared/api/headers.ts';
import { stubFetch, type StubResponse } from '#client/lib/testing/fetch-stub.ts';
import { goOffline, goOnline } from '#client/lib/testing/connection.ts';
import { dropDraft, GUEST_DRAFT, loadDraft, saveDraft } from './draft.ts';
import { GUEST_LOGIN_OFFER, GUEST_OFFLINE_NOTICE } from './guest-screens.tsx';
import type { RepairWizardProps } from './repair-wizard.tsx';
import { fillAddressStep, fillEquipmentStep, placesRoutes } from './testing/address-world.ts';
import { renderWizard } from './testing/render-wizard.tsx';
import { initialValues, newBlock } from './wizard-values.ts';

// The wizard of a visitor who has no account (portal.md §2.1, §5 Wizard step 1, §6): the login
// offered first, the contact typed and its e-mail proven with a mailed code, an address that has an
// account sent to the login, and the request that makes the account (the guest endpoints).

const EMAIL = 'anna@clinic.ru';
const account = { id: 7, name: 'Анна', surname: 'Смирнова', email: EMAIL, phone: '79161234567', company: 'Улыбка' };

beforeEach(async () => {
  await dropDraft(GUEST_DRAFT);
  await dropDraft(account.id);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  goOnline();
});

const codeSent: StubResponse = { body: { success: true, message: `Код подтверждения отправлен на ${EMAIL}` } };
const guestRoutes = {
  ...placesRoutes,
  'POST /ajax/guest/send-code': codeSent,
  'POST /ajax/guest/confirm': ({ body }: { body: unknown }): StubResponse =>
    (body as { code: string }).code === '1234'
      ? { body: { success: true, message: 'Эл. почта подтверждена' } }
      : { status: 422, body: { success: false, message: 'Неверный код', errors: { code: ['Неверный код'] } } },
};

const render = (props: Partial<RepairWizardProps> = {}) => renderWizard({ user: null, ...props });

const errorOf = (label: string) => {
  const field = screen.getByLabelText(label);
  return document.getElementById(`${field.id}-error`)?.textContent ?? '';
};
const next = () => userEvent.click(screen.getByRole('button', { name: 'Далее' }));

async function typeContact(contact: { name?: string; surname?: string; email?: string; phone?: string } = {}) {
  await userEvent.type(screen.getByLabelText('Имя'), contact.name ?? 'Анна');
  await userEvent.type(screen.getByLabelText('Фамилия'), contact.surname ?? 'Смирнова-Ким');
  await userEvent.type(screen.getByLabelText('Эл. почта'), contact.email ?? EMAIL);
  await userEvent.type(screen.getByLabelText('Телефон'), contact.phone ?? '9161234567');
}

/** Past the offer, the contact typed, the code entered: the guest is on step 2. */
async function toAddressStep(props: Partial<RepairWizardProps> = {}) {
  await render(props);
  await userEvent.click(screen.getByRole('button', { name: 'Продолжить без регистрации' }));
  await typeContact();
  await next();
  const codeForm = await screen.findByRole('form', { name: 'Подтверждение эл. почты' });
  await userEvent.type(within(codeForm).getByLabelText('Код из письма'), '1234');
  await userEvent.click(within(codeForm).getByRole('button', { name: 'Подтвердить' }));
  await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Адрес'));
}

describe('the guest wizard: the login offer over step 1', () => {
  it('shows the steps with step 1 covered; Войти asks for the login, the other way uncovers the fields', async () => {
    stubFetch(guestRoutes);
    const onLogin = vi.fn();
    await render({ onLogin });
    expect(screen.getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      '1 Контактная информация',
      '2 Адрес',
      '3 Оборудование',
    ]);
    const offer = screen.getByRole('group', { name: GUEST_LOGIN_OFFER });
    // The fields under it are out of reach, and there is no 'Далее' to press past it.
    expect(screen.queryByRole('textbox', { name: 'Имя' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Имя').closest('[inert]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Далее' })).not.toBeInTheDocument();

    await userEvent.click(within(offer).getByRole('button', { name: 'Войти' }));
    expect(onLogin).toHaveBeenCalledWith();

    await userEvent.click(within(offer).getByRole('button', { name: 'Продолжить без регистрации' }));
    expect(screen.queryByRole('group', { name: GUEST_LOGIN_OFFER })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Далее' })).toBeInTheDocument();
  });

  it('says on step 1 that a guest needs the network while there is none', async () => {
    stubFetch(guestRoutes);
    await render();
    expect(screen.queryByText(GUEST_OFFLINE_NOTICE)).not.toBeInTheDocument();
    goOffline();
    expect(await screen.findByText(GUEST_OFFLINE_NOTICE)).toBeInTheDocument();
    goOnline();
    await waitFor(() => expect(screen.queryByText(GUEST_OFFLINE_NOTICE)).not.toBeInTheDocument());
  });
});

describe('the guest wizard: the contact step', () => {
  it("checks the typed contact with the spec's messages, mails the code, and goes on only with the right one", async () => {
    const { calls } = stubFetch(guestRoutes);
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить без регистрации' }));
    await next();
    expect(errorOf('Имя')).toBe('Это поле обязательно');
    expect(errorOf('Фамилия')).toBe('Это поле обязательно');
    expect(errorOf('Эл. почта')).toBe('Введите корректный адрес эл. почты');
    expect(errorOf('Телефон')).toBe('Это поле обязательно');

    await typeContact({ name: 'Анна1', surname: 'Смирнова-', email: 'anna@', phone: '495' });
    await next();
    expect(errorOf('Имя')).toBe("Допустимы только буквы и символ '-'");
    expect(errorOf('Фамилия')).toBe("Допустимы только буквы и символ '-'");
    expect(errorOf('Эл. почта')).toBe('Введите корректный адрес эл. почты');
    expect(errorOf('Телефон')).toBe('Номер телефона должен начинаться с +7');
    expect(calls.filter((call) => call.path === '/ajax/guest/send-code')).toHaveLength(0);

    for (const label of ['Имя', 'Фамилия', 'Эл. почта', 'Телефон']) await userEvent.clear(screen.getByLabelText(label));
    await typeContact();
    await next();
    const codeForm = await screen.findByRole('form', { name: 'Подтверждение эл. почты' });
    expect(calls.filter((call) => call.path === '/ajax/guest/send-code').map((call) => call.body)).toEqual([
      { email: EMAIL, resend: false },
    ]);
    expect(within(codeForm).getByText(`Код подтверждения отправлен на ${EMAIL}`)).toBeInTheDocument();
    expect(within(codeForm).getByRole('button', { name: /Отправить код повторно \(\d+\sс\)/ })).toBeDisabled();
    // The contact stays as it was mailed while the code is asked for.
    expect(screen.getByLabelText('Эл. почта')).toHaveAttribute('readonly');

    await userEvent.type(within(codeForm).getByLabelText('Код из письма'), '9999');
    await userEvent.click(within(codeForm).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(codeForm).findByText('Неверный код')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Контактная информация');
    await userEvent.clear(within(codeForm).getByLabelText('Код из письма'));
    await userEvent.type(within(codeForm).getByLabelText('Код из письма'), '1234');
    await userEvent.click(within(codeForm).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Адрес'));
    expect(calls.find((call) => call.path === '/ajax/guest/confirm' && call.body !== null)?.body).toEqual({
      email: EMAIL,
      code: '9999',
    });
    // Step 2 as for a clinic with no saved addresses yet: the clinic's name typed, no account's list asked for.
    expect(screen.getByLabelText('Название клиники')).toHaveValue('');
    expect(screen.queryByLabelText('Сохранённый адрес')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/ajax/cabinet/addresses')).toBe(false);

    // Back and on again: the same address is proven, no second code.
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    await next();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Адрес');
    expect(calls.filter((call) => call.path === '/ajax/guest/send-code')).toHaveLength(1);
  });

  it("'Назад' under the code unlocks the e-mail, and another address gets its own code", async () => {
    const { calls } = stubFetch(guestRoutes);
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить без регистрации' }));
    await typeContact({ email: 'anna@clinik.ru' });
    await next();
    const codeForm = await screen.findByRole('form', { name: 'Подтверждение эл. почты' });
    await userEvent.click(within(codeForm).getByRole('button', { name: 'Назад' }));
    const email = screen.getByLabelText('Эл. почта');
    expect(email).not.toHaveAttribute('readonly');
    await userEvent.clear(email);
    await userEvent.type(email, EMAIL);
    await next();
    await screen.findByRole('form', { name: 'Подтверждение эл. почты' });
    expect(
      calls
        .filter((call) => call.path === '/ajax/guest/send-code')
        .map((call) => (call.body as { email: string }).email),
    ).toEqual(['anna@clinik.ru', EMAIL]);
  });
});

describe('the guest wizard: an address that has an account', () => {
  it('mails nothing, says to log in, and offers the login with the e-mail and the password reset', async () => {
    stubFetch({
      ...guestRoutes,
      'POST /ajax/guest/send-code': {
        status: 409,
        body: {
          success: false,
          message: guestMessages.emailRegistered,
          errors: { email: [guestMessages.emailRegistered] },
        },
      },
    });
    const onLogin = vi.fn();
    const onForgotPassword = vi.fn();
    await render({ onLogin, onForgotPassword });
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить без регистрации' }));
    await typeContact({ email: ' Anna@Clinic.ru' });
    await next();

    const notice = (await screen.findByText(guestMessages.emailRegistered)).closest<HTMLElement>('[role="alert"]')!;
    expect(screen.queryByRole('form', { name: 'Подтверждение эл. почты' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Контактная информация');
    await userEvent.click(within(notice).getByRole('button', { name: 'Войти' }));
    expect(onLogin).toHaveBeenCalledWith(EMAIL);
    await userEvent.click(within(notice).getByRole('button', { name: 'Забыли пароль?' }));
    expect(onForgotPassword).toHaveBeenCalledWith(EMAIL);

    // Another address is another question: the notice goes with the one it was about.
    await userEvent.type(screen.getByLabelText('Эл. почта'), 'x');
    expect(screen.queryByText(guestMessages.emailRegistered)).not.toBeInTheDocument();
  });
});

describe("the guest wizard: sending, and the guest's sent screen", () => {
  it('sends the request with its photo to the guest endpoint under a key; the screen says where the login went', async () => {
    const { calls } = stubFetch({
      ...guestRoutes,
      'POST /ajax/guest/repair-requests/with-photos': { body: { success: true, ticket_id: 812, email: EMAIL } },
    });
    const onNewAccountLogin = vi.fn();
    await toAddressStep({ onNewAccountLogin });
    await userEvent.type(screen.getByLabelText('Название клиники'), 'Клиника «Улыбка»');
    await fillAddressStep();
    await next();

    await fillEquipmentStep();
    // Both consents, always: a guest has given none yet.
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(screen.getByText('Согласие на обработку данных обязательно')).toBeInTheDocument();
    expect(screen.getByText('Согласие с правилами программы лояльности обязательно')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/обработку персональных данных/));
    await userEvent.click(screen.getByLabelText(/правилами программы лояльности/));
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    const sentScreen = (await screen.findByText('Заявка №812 отправлена.')).closest<HTMLElement>('[role="status"]')!;
    expect(sentScreen).toHaveTextContent(`логин и пароль отправлены на ${EMAIL}`);
    // A guest has no requests list to go to yet: the login is the way there, with the mailed address.
    expect(screen.queryByRole('link', { name: 'Мои заявки' })).not.toBeInTheDocument();
    await userEvent.click(within(sentScreen).getByRole('button', { name: 'Войти' }));
    expect(onNewAccountLogin).toHaveBeenCalledWith(EMAIL);

    // One call, to the guest endpoint, under a key; the photo with it (a guest uploads nothing before).
    expect(calls.some((call) => call.path === '/ajax/repair-requests/photos')).toBe(false);
    const sent = calls.filter((call) => call.path.startsWith('/ajax/guest/repair-requests'));
    expect(sent.map((call) => call.path)).toEqual(['/ajax/guest/repair-requests/with-photos']);
    expect(sent[0]!.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    const body = String(sent[0]!.body);
    expect(body).toMatch(/name="photo"; filename="rotor\.png"/);
    const request = JSON.parse(/name="request"\r?\n\r?\n(.*)\r?\n/.exec(body)![1]!) as Record<string, unknown>;
    expect(request).toMatchObject({
      contact: { name: 'Анна', surname: 'Смирнова-Ким', phone: '79161234567', email: EMAIL },
      address: { company: 'Клиника «Улыбка»', zip: '125009', office_id: 1 },
      file_ids: [],
      approval_policy: true,
      approval_loyalty: true,
    });
    // Sent: the guest's draft is gone.
    expect(await loadDraft(GUEST_DRAFT)).toBeUndefined();
  });
});

describe('the guest wizard: an e-mail the server no longer takes as proven', () => {
  it('goes back to step 1 with the reason, and Далее mails a new code', async () => {
    const notConfirmed = {
      status: 422,
      body: {
        success: false,
        message: guestMessages.emailNotConfirmed,
        errors: { 'contact.email': [guestMessages.emailNotConfirmed] },
      },
    };
    const { calls } = stubFetch({ ...guestRoutes, 'POST /ajax/guest/repair-requests': notConfirmed });
    // Left at step 3 (the code entered hours ago, the page reloaded since).
    await saveDraft(GUEST_DRAFT, {
      savedAt: Date.now(),
      step: 3,
      values: {
        ...initialValues(null),
        name: 'Анна',
        surname: 'Смирнова',
        email: EMAIL,
        phone: '79161234567',
        company: 'Улыбка',
        address: 'Россия, Москва, Тверская улица, 7',
        country: 'Россия',
        zip: '125009',
        pickupDate: '2099-01-05',
        officeId: '1',
        equipment: [{ ...newBlock(1), serialNumber: 'SN-1', type: '1', description: 'Не вращается' }],
        approvalPolicy: true,
        approvalLoyalty: true,
      },
    });
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Продолжить' }));
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    await waitFor(() =>
      expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Контактная информация'),
    );
    expect(errorOf('Эл. почта')).toBe(guestMessages.emailNotConfirmed);
    await next();
    await screen.findByRole('form', { name: 'Подтверждение эл. почты' });
    expect(calls.filter((call) => call.path === '/ajax/guest/send-code')).toHaveLength(1);
  });
});

describe("the guest's draft", () => {
  it('is offered back to the guest, and never to the account that logs in afterwards', async () => {
    stubFetch(guestRoutes);
    const first = await render();
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить без регистрации' }));
    await userEvent.type(screen.getByLabelText('Имя'), 'Гостья');
    first.unmount();

    const again = await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Продолжить' }));
    // Chosen once: no login offer over the draft.
    expect(screen.queryByRole('group', { name: GUEST_LOGIN_OFFER })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Имя')).toHaveValue('Гостья');
    again.unmount();

    await render({ user: account });
    expect(screen.queryByRole('heading', { name: 'Продолжить заявку?' })).not.toBeInTheDocument();
    expect(screen.getByText(account.email)).toBeInTheDocument();
    expect(screen.queryByText('Гостья')).not.toBeInTheDocument();
    expect(await loadDraft(GUEST_DRAFT)).toBeUndefined();
  });
});
