import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#shared/api/headers.ts';
import { OUTBOX_REQUEST_QUEUED_MESSAGE } from '#shared/screens/outbox.ts';
import { PHOTO_MAX_BYTES, repairMessages } from '#shared/screens/repair-requests.ts';
import { goOffline } from '#client/lib/testing/connection.ts';
import { stubFetch, type StubResponse } from '#client/lib/testing/fetch-stub.ts';
import { dropDraft } from './draft.ts';
import type { RepairWizardProps } from './repair-wizard.tsx';
import {
  centre,
  exact,
  fillAddressStep,
  fillEquipmentStep,
  fillTurbine,
  placesRoutes,
} from './testing/address-world.ts';
import { renderWizard } from './testing/render-wizard.tsx';

beforeEach(() => dropDraft(user.id));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = {
  id: 7,
  name: 'Анна',
  surname: 'Смирнова',
  email: 'anna@clinic.ru',
  phone: '79161234567',
  company: 'Улыбка',
};
function stubServer() {
  return stubFetch({
    ...placesRoutes,
    'POST /ajax/repair-requests/photos': {
      body: { success: true, file_id: 41, name: 'rotor.png', size: 10 },
    },
    'POST /ajax/repair-requests': { body: { success: true, ticket_id: 512 } },
  });
}

const render = (props: Partial<RepairWizardProps> = {}) => renderWizard({ user, ...props });

const next = () => userEvent.click(screen.getByRole('button', { name: 'Далее' }));
const errorOf = (field: HTMLElement) => document.getElementById(`${field.id}-error`)?.textContent ?? '';
/** Renders the wizard and goes through steps 1 and 2 to Оборудование. */
async function toEquipmentStep() {
  await render();
  await next();
  await fillAddressStep();
  await next();
}

describe('RepairWizard', () => {
  it('step 1 shows the contact and checks the phone', async () => {
    stubServer();
    await render({ user: { ...user, phone: null } });
    expect(screen.getByText('anna@clinic.ru')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Контактная информация');
    await next();
    expect(errorOf(screen.getByLabelText('Телефон'))).toBe('Это поле обязательно');
    await userEvent.type(screen.getByLabelText('Телефон'), '495');
    await next();
    expect(errorOf(screen.getByLabelText('Телефон'))).toBe('Номер телефона должен начинаться с +7');
    await userEvent.clear(screen.getByLabelText('Телефон'));
    await userEvent.type(screen.getByLabelText('Телефон'), '9161234567');
    await next();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Адрес');
    // Where one is, in whole words (a phone shows only the current step's name in the row).
    expect(screen.getByText('Шаг 2 из 3')).toBeInTheDocument();
  });

  it('step 2 requires the address, country, zip, date and centre, letters and digits only in the zip', async () => {
    stubServer();
    await render();
    await next();
    await userEvent.clear(screen.getByLabelText('Название клиники'));
    await userEvent.type(screen.getByLabelText('Индекс'), '125 009');
    await next();
    expect(errorOf(screen.getByLabelText('Название клиники'))).toBe('Это поле обязательно');
    expect(errorOf(screen.getByRole('combobox', { name: 'Адрес' }))).toBe('Это поле обязательно');
    expect(errorOf(screen.getByLabelText('Страна / регион'))).toBe('Это поле обязательно');
    expect(errorOf(screen.getByLabelText('Индекс'))).toBe('Индекс: только буквы и цифры');
    expect(screen.getAllByText('Это поле обязательно').length).toBeGreaterThanOrEqual(5);
  });

  it("step 2's Далее with Индекс empty brings Индекс into sight and focuses it, its message read with it", async () => {
    stubServer();
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    await render();
    await next();
    await userEvent.type(screen.getByRole('combobox', { name: 'Адрес' }), 'Тверская 7');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveValue(exact.address));
    await userEvent.selectOptions(
      screen.getByLabelText('Дата, когда забрать инструменты'),
      (await screen.findAllByRole('option', { name: /\d{2}\.\d{2}\.\d{4}/ }))[0]!,
    );
    await waitFor(() => expect(screen.getByRole('option', { name: /Головной сервисный центр/ })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Сервисный центр'), String(centre.id));
    scrolled.mockClear();

    await next();
    const zip = screen.getByLabelText('Индекс');
    await waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAccessibleDescription('Это поле обязательно');
    expect(scrolled.mock.contexts).toContain(zip);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Адрес');
    // The required fields say so (their inputs are aria-required); the office is not one of them.
    expect(zip).toBeRequired();
    expect(screen.getByLabelText('Офис / квартира')).not.toBeRequired();
  });

  it('step 1 and step 3 focus their first field with a message too', async () => {
    stubServer();
    await render({ user: { ...user, phone: null } });
    await next();
    await waitFor(() => expect(screen.getByLabelText('Телефон')).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Телефон'), '9161234567');
    await next();
    await fillAddressStep();
    await next();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    await waitFor(() => expect(screen.getByLabelText('Серийный номер')).toHaveFocus());
  });

  it('the step row marks the steps already passed (portal.md §2.1)', async () => {
    stubServer();
    await render();
    const steps = () => screen.getAllByRole('listitem').slice(0, 3);
    expect(steps().map((step) => step.textContent)).toEqual(['1 Контактная информация', '2 Адрес', '3 Оборудование']);
    await next();
    expect(steps().map((step) => step.textContent)).toEqual([
      '1 Контактная информация, пройден',
      '2 Адрес',
      '3 Оборудование',
    ]);
    await fillAddressStep();
    await next();
    expect(steps().map((step) => step.textContent)).toEqual([
      '1 Контактная информация, пройден',
      '2 Адрес, пройден',
      '3 Оборудование',
    ]);
    expect(steps()[2]).toHaveAttribute('aria-current', 'step');
    // Back: the step one returns to is the current one again, not a passed one.
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(steps().map((step) => step.textContent)).toEqual([
      '1 Контактная информация, пройден',
      '2 Адрес',
      '3 Оборудование',
    ]);
  });

  it('step 2: a geo provider that cannot be asked gives one calm line, the country stays typeable, and Далее goes on', async () => {
    stubFetch({
      ...placesRoutes,
      'GET /ajax/address/check': {
        status: 503,
        body: { success: false, message: 'Ошибка при геокодировании координат' },
      },
    });
    await render();
    await next();
    const address = screen.getByRole('combobox', { name: 'Адрес' });
    await userEvent.type(address, 'Москва, Тверская улица, 7');
    await userEvent.tab();
    await waitFor(() =>
      expect(screen.getByText('Не удалось проверить адрес — мы уточним его по телефону')).toBeInTheDocument(),
    );
    expect(errorOf(address)).toBe('');
    expect(address).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Ошибка при геокодировании координат')).not.toBeInTheDocument();
    const country = screen.getByLabelText('Страна / регион');
    expect(country).not.toHaveAttribute('readonly');
    await userEvent.type(country, 'Россия');
    await userEvent.type(screen.getByLabelText('Индекс'), '125009');
    await userEvent.selectOptions(
      screen.getByLabelText('Дата, когда забрать инструменты'),
      screen.getAllByRole('option', { name: /\d{2}\.\d{2}\.\d{4}/ })[0]!,
    );
    await waitFor(() => expect(screen.getByRole('option', { name: /Головной сервисный центр/ })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Сервисный центр'), String(centre.id));
    await next();
    await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Оборудование'));
  });

  it("step 3 checks each instrument, a custom one's name, the consents and the photo; Back keeps what was entered", async () => {
    stubServer();
    await toEquipmentStep();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Оборудование');

    await userEvent.selectOptions(screen.getByLabelText('Тип инструмента'), 'Свой вариант');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(errorOf(screen.getByLabelText('Серийный номер'))).toBe('Это поле обязательно');
    expect(errorOf(screen.getByLabelText('Название инструмента'))).toBe('Это поле обязательно');
    expect(errorOf(screen.getByLabelText('Описание неисправности'))).toBe('Это поле обязательно');
    expect(screen.getByText('Согласие на обработку данных обязательно')).toBeInTheDocument();
    expect(screen.getByText('Согласие с правилами программы лояльности обязательно')).toBeInTheDocument();

    const input = screen.getByLabelText(/Фото инструментов/);
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'act.pdf')] },
    });
    expect(await screen.findByText('Файл недопустимого формата')).toBeInTheDocument();
    const big = new File(['x'], 'big.png');
    Object.defineProperty(big, 'size', { value: PHOTO_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Файл должен быть меньше 10 Мб')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Серийный номер'), 'SN-1');
    await userEvent.type(screen.getByLabelText('Название инструмента'), 'Скалер');
    await userEvent.click(screen.getByLabelText(/на обработку персональных данных/));
    // Each filled field's message goes at once; the others wait for the next send.
    expect(errorOf(screen.getByLabelText('Серийный номер'))).toBe('');
    expect(errorOf(screen.getByLabelText('Название инструмента'))).toBe('');
    expect(screen.queryByText('Согласие на обработку данных обязательно')).toBeNull();
    expect(errorOf(screen.getByLabelText('Описание неисправности'))).toBe('Это поле обязательно');
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByLabelText('Индекс')).toHaveValue('125009');
    await next();
    expect(screen.getByLabelText('Серийный номер')).toHaveValue('SN-1');
  });

  it("'Далее' and 'Назад' leave the focus on the new step's title, not on the page's start", async () => {
    stubServer();
    await render();
    await next();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Адрес' }));
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Контактная информация' }));
  });

  it("a photo removed with 'Убрать' can be chosen again", async () => {
    stubServer();
    await toEquipmentStep();
    const input = screen.getByLabelText(/Фото инструментов/);
    const rotor = new File(['png'], 'rotor.png', { type: 'image/png' });
    await userEvent.upload(input, rotor);
    const photos = await screen.findByRole('list', { name: 'Фото к заявке' });
    expect(within(photos).getByText('rotor.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Убрать rotor.png' }));
    expect(screen.queryByRole('list', { name: 'Фото к заявке' })).toBeNull();
    await userEvent.upload(input, rotor);
    expect(
      within(await screen.findByRole('list', { name: 'Фото к заявке' })).getByText('rotor.png'),
    ).toBeInTheDocument();
  });

  it("clears 'Выберите тип инструмента' once a type is chosen", async () => {
    stubServer();
    await toEquipmentStep();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(errorOf(screen.getByLabelText('Тип инструмента'))).toBe('Выберите тип инструмента');
    await userEvent.selectOptions(screen.getByLabelText('Тип инструмента'), 'Свой вариант');
    expect(errorOf(screen.getByLabelText('Тип инструмента'))).toBe('');
  });

  it("sends the whole request once, with an idempotency key, and shows the new ticket's number", async () => {
    const { calls } = stubServer();
    await render();
    await next();
    await fillAddressStep();
    await next();
    await fillEquipmentStep();
    await userEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(screen.getAllByLabelText('Серийный номер')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Удалить инструмент' }));
    await userEvent.click(screen.getByLabelText(/обработку персональных данных/));
    await userEvent.click(screen.getByLabelText(/правилами программы лояльности/));
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    expect(await screen.findByText('Заявка №512 отправлена.')).toBeInTheDocument();
    const sent = calls.filter((call) => call.path === '/ajax/repair-requests');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(sent[0]!.body).toMatchObject({
      contact: { name: 'Анна', surname: 'Смирнова', phone: '79161234567' },
      address: {
        company: 'Улыбка',
        address: exact.address,
        country: 'Россия',
        zip: '125009',
        office_id: 1,
      },
      instruments: [
        {
          serial_number: 'SN-1',
          type: 1,
          description: 'Не вращается',
          guarantee: false,
        },
      ],
      file_ids: [41],
      approval_policy: true,
      approval_loyalty: true,
    });
    // When it was made, for the server's pickup-day rule (an outbox replay keeps it, as it keeps the key).
    const madeAt = Date.parse((sent[0]!.body as { made_at: string }).made_at);
    expect(Math.abs(Date.now() - madeAt)).toBeLessThan(60_000);
    expect(screen.getByRole('link', { name: 'Мои заявки' })).toHaveAttribute('href', '/cabinet/tickets');
  });
});

describe('RepairWizard step 2: the address and what comes with it', () => {
  const saved = {
    id: 3,
    name: 'Клиника',
    address: 'Москва, Тверская 7',
    apartment: 'офис 12',
    coordinates: '55.757718,37.611347',
    checked: true,
  };
  const nevsky = {
    value: 'Россия, Санкт-Петербург, Невский проспект, 28',
    data: { geo_lat: '59.935848', geo_lon: '30.325879', postal_code: '191186' },
    country: 'Россия',
    city: 'Санкт-Петербург',
  };

  it('a suggestion fills Индекс when the provider knows the postcode', async () => {
    stubFetch({
      ...placesRoutes,
      'GET /ajax/address/suggest': { body: { success: true, suggestions: [nevsky] } },
      'GET /ajax/address/check': {
        body: { success: true, check: { ...exact, address: nevsky.value, postcode: '191186' } },
      },
    });
    await render();
    await next();
    await userEvent.type(screen.getByRole('combobox', { name: 'Адрес' }), 'Невский 28');
    await userEvent.click(await screen.findByRole('option', { name: nevsky.value }));
    await waitFor(() => expect(screen.getByLabelText('Индекс')).toHaveValue('191186'));
    await waitFor(() => expect(screen.getByLabelText('Страна / регион')).toHaveValue('Россия'));
  });

  it('a checked address fills Индекс with its postcode; without one, what was typed stays', async () => {
    const { calls } = stubFetch({
      ...placesRoutes,
      'GET /ajax/address/check': ({ query }) =>
        query.address === 'Тверская 7'
          ? { body: { success: true, check: { ...exact, postcode: '125009' } } }
          : { body: { success: true, check: { ...exact, address: 'Россия, Москва, Тверская улица, 9' } } },
    });
    await render();
    await next();
    const address = screen.getByRole('combobox', { name: 'Адрес' });
    await userEvent.type(address, 'Тверская 7');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText('Индекс')).toHaveValue('125009'));
    await userEvent.clear(screen.getByLabelText('Индекс'));
    await userEvent.type(screen.getByLabelText('Индекс'), '125375');
    await userEvent.clear(address);
    await userEvent.type(address, 'Тверская 9');
    await userEvent.tab();
    await waitFor(() => expect(address).toHaveValue('Россия, Москва, Тверская улица, 9'));
    expect(screen.getByLabelText('Индекс')).toHaveValue('125375');
    expect(calls.filter((call) => call.path === '/ajax/address/check')).toHaveLength(2);
  });

  it("a saved address brings its office; 'Новый адрес' starts empty, its check's answer no longer coming back", async () => {
    // Each check waits until the test answers it.
    const checks: Array<(check: unknown) => void> = [];
    stubFetch({
      ...placesRoutes,
      'GET /ajax/cabinet/addresses': { body: { success: true, data: [saved] } },
      'GET /ajax/address/check': () =>
        new Promise<StubResponse>((resolve) => checks.push((check) => resolve({ body: { success: true, check } }))),
    });
    await render();
    await next();
    const choice = await screen.findByLabelText('Сохранённый адрес');
    await userEvent.selectOptions(choice, String(saved.id));
    expect(screen.getByLabelText('Офис / квартира')).toHaveValue('офис 12');
    await waitFor(() => expect(checks).toHaveLength(1));
    checks[0]!({ ...exact, postcode: '125009' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveValue(exact.address));
    // The check's answer keeps what the saved address brought.
    expect(screen.getByLabelText('Офис / квартира')).toHaveValue('офис 12');
    expect(screen.getByLabelText('Индекс')).toHaveValue('125009');
    expect(screen.getByLabelText('Страна / регион')).toHaveAttribute('readonly');

    await userEvent.selectOptions(choice, 'Новый адрес');
    expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveValue('');
    expect(screen.getByLabelText('Офис / квартира')).toHaveValue('');
    expect(screen.getByLabelText('Индекс')).toHaveValue('');
    expect(screen.getByLabelText('Страна / регион')).toHaveValue('');
    expect(screen.getByLabelText('Страна / регион')).not.toHaveAttribute('readonly');

    // Chosen again and left for a new one before its check answers: the late answer fills nothing.
    await userEvent.selectOptions(choice, String(saved.id));
    await userEvent.selectOptions(choice, 'Новый адрес');
    await waitFor(() => expect(checks).toHaveLength(2));
    checks[1]!({ ...exact, postcode: '125009' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveValue('');
    expect(screen.getByLabelText('Индекс')).toHaveValue('');
  });
});

describe('RepairWizard with no network and after a reload', () => {
  const offline = () => {
    throw new TypeError('Failed to fetch');
  };
  const choose = (files: File[]) => fireEvent.change(screen.getByLabelText(/Фото инструментов/), { target: { files } });
  const sizedFile = (name: string, size: number) => {
    const file = new File(['x'], name, { type: 'image/jpeg' });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  };

  async function fillInstrument() {
    await fillTurbine();
    await userEvent.click(screen.getByLabelText(/обработку персональных данных/));
    await userEvent.click(screen.getByLabelText(/правилами программы лояльности/));
  }

  it('keeps a photo it could not upload and sends it with the request; the worker keeps that and the wizard says so', async () => {
    const { calls } = stubFetch({
      ...placesRoutes,
      'POST /ajax/repair-requests/photos': offline,
      // The service worker's answer when it kept the request (sw/outbox-routes.ts).
      'POST /ajax/repair-requests/with-photos': {
        status: 202,
        body: { success: true, queued: true, message: OUTBOX_REQUEST_QUEUED_MESSAGE, outbox_id: 'entry-1' },
      },
    });
    await render();
    await next();
    await fillAddressStep();
    await next();
    // The Russian button is a label of the same (visually hidden) input the browser would word in its own language.
    expect(screen.getByLabelText('Выбрать фото')).toBe(screen.getByLabelText(/Фото инструментов/));
    choose([new File(['jpeg'], 'rotor.jpg', { type: 'image/jpeg' })]);
    const photos = await screen.findByRole('list', { name: 'Фото к заявке' });
    expect(within(photos).getByText('Будет отправлено вместе с заявкой')).toBeInTheDocument();
    expect(within(photos).getByText('rotor.jpg')).toBeInTheDocument();
    await fillInstrument();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    expect(await screen.findByText(OUTBOX_REQUEST_QUEUED_MESSAGE)).toBeInTheDocument();
    const [sent] = calls.filter((call) => call.path === '/ajax/repair-requests/with-photos');
    expect(sent!.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(String(sent!.body)).toMatch(/name="photo"; filename="rotor\.jpg"/);
    expect(String(sent!.body)).toMatch(/name="request"[\s\S]*"serial_number":"SN-1"/);
    expect(String(sent!.body)).toMatch(/"file_ids":\[\]/);
  });

  it('refuses photos kept on the device beyond 20 MB together', async () => {
    stubServer();
    await render();
    await next();
    await fillAddressStep();
    await next();
    // The network goes after the address was checked (an answer of the server means a connection).
    goOffline();
    choose([sizedFile('a.jpg', 9 * 1024 * 1024), sizedFile('b.jpg', 9 * 1024 * 1024)]);
    expect(
      await within(await screen.findByRole('list', { name: 'Фото к заявке' })).findByText('b.jpg'),
    ).toBeInTheDocument();
    choose([sizedFile('c.jpg', 3 * 1024 * 1024)]);
    expect(await screen.findByText(repairMessages.offlinePhotos)).toBeInTheDocument();
    expect(screen.queryByText('c.jpg')).not.toBeInTheDocument();
  });

  it('highlights the drop zone while a file is dragged over it', async () => {
    stubServer();
    await toEquipmentStep();
    const zone = screen.getByLabelText(/Фото инструментов/).parentElement!;
    fireEvent.dragEnter(zone);
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.dragLeave(zone, { relatedTarget: document.body });
    expect(zone).not.toHaveAttribute('data-dragging');
  });

  it('brings a draft back after the wizard was closed, or starts anew', async () => {
    stubServer();
    const first = await render();
    await next();
    await userEvent.type(screen.getByLabelText('Индекс'), '125009');
    first.unmount();

    const second = await render();
    expect(await screen.findByRole('heading', { name: 'Продолжить заявку?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Адрес');
    expect(screen.getByLabelText('Индекс')).toHaveValue('125009');
    second.unmount();

    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Начать заново' }));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Контактная информация');
    await next();
    expect(screen.getByLabelText('Индекс')).toHaveValue('');
  });
});

describe('RepairWizard for an account whose e-mail is not confirmed', () => {
  it('asks for the mailed code after step 1, says what is wrong, resends after 30 s, and goes on once it is right', async () => {
    const onAccountChange = vi.fn();
    const { calls } = stubFetch({
      'GET /ajax/cabinet/addresses': { body: { success: true, data: [] } },
      'GET /ajax/offices': { body: { success: true, data: [centre] } },
      'POST /ajax/email/send-code': {
        body: { success: true, message: 'Код подтверждения отправлен на anna@clinic.ru' },
      },
      'POST /ajax/email/confirm': ({ body }) =>
        (body as { code: string }).code === '1234'
          ? { body: { success: true, message: 'Эл. почта подтверждена' } }
          : { status: 422, body: { success: false, message: 'Неверный код', errors: { code: ['Неверный код'] } } },
    });
    await render({ user: { ...user, email_confirmed: false }, onAccountChange });
    await next();

    const codeForm = await screen.findByRole('form', { name: 'Подтверждение эл. почты' });
    expect(within(codeForm).getByText('Код подтверждения отправлен на anna@clinic.ru')).toBeInTheDocument();
    expect(within(codeForm).getByRole('button', { name: /Отправить код повторно \(\d+\sс\)/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Далее' })).not.toBeInTheDocument();

    await userEvent.type(within(codeForm).getByLabelText('Код из письма'), '12');
    await userEvent.click(within(codeForm).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(codeForm).findByText('Введите 4 числа из письма')).toBeInTheDocument();
    await userEvent.clear(within(codeForm).getByLabelText('Код из письма'));
    await userEvent.type(within(codeForm).getByLabelText('Код из письма'), '9999');
    await userEvent.click(within(codeForm).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(codeForm).findByText('Неверный код')).toBeInTheDocument();
    await userEvent.clear(within(codeForm).getByLabelText('Код из письма'));
    await userEvent.type(within(codeForm).getByLabelText('Код из письма'), '1234');
    await userEvent.click(within(codeForm).getByRole('button', { name: 'Подтвердить' }));

    await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Адрес'));
    expect(onAccountChange).toHaveBeenCalledOnce();
    expect(calls.filter((call) => call.path === '/ajax/email/send-code')).toHaveLength(1);
    // Back to step 1 and on again: confirmed now, no second code.
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    await next();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Адрес');
    expect(calls.filter((call) => call.path === '/ajax/email/send-code')).toHaveLength(1);
  });

  it('lets the code be sent again once the 30 s are over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = stubFetch({
        'POST /ajax/email/send-code': {
          body: { success: true, message: 'Код подтверждения отправлен на anna@clinic.ru' },
        },
      });
      await render({ user: { ...user, email_confirmed: false } });
      await next();
      const again = await screen.findByRole('button', { name: /Отправить код повторно/ });
      expect(again).toBeDisabled();
      await vi.advanceTimersByTimeAsync(31_000);
      await waitFor(() => expect(again).toBeEnabled());
      await userEvent.click(again);
      await waitFor(() => expect(calls.filter((call) => call.path === '/ajax/email/send-code')).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('RepairWizard photos', () => {
  it("says 'Файл не был загружен' for an empty file and shows the server's refusal of an upload", async () => {
    stubFetch({
      ...placesRoutes,
      'POST /ajax/repair-requests/photos': {
        status: 422,
        body: {
          success: false,
          message: 'Файл недопустимого формата',
          errors: { file: ['Файл недопустимого формата'] },
        },
      },
    });
    await render();
    await next();
    await fillAddressStep();
    await next();
    const input = screen.getByLabelText(/Фото инструментов/);
    fireEvent.change(input, { target: { files: [new File([], 'empty.png')] } });
    expect(await screen.findByText('Файл не был загружен')).toBeInTheDocument();
    // A .png whose bytes are something else: the server decides by the bytes.
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'fake.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Файл недопустимого формата')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Фото к заявке' })).not.toBeInTheDocument();
  });
});

describe('the step row on a phone', () => {
  // Layout itself is seen in a browser; this pins what it rests on ('2 Адр…', '3 Обо…' at 360 px read as nothing).
  it('hides the other steps’ names from sight (not from screen readers) instead of cutting them', () => {
    const css = readFileSync(path.resolve('src/client/features/repair/repair.module.css'), 'utf8').replace(
      /\/\*[\s\S]*?\*\//g,
      '',
    );
    expect(css).not.toMatch(/text-overflow:\s*ellipsis/);
    expect(css).toMatch(/\.steps li:not\(\.current\) \.stepName\s*\{[^}]*clip-path:\s*inset\(50%\)/);
  });
});
