import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedAddress } from '#shared/screens/places.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { forgetAccountData } from '#client/lib/account-scoped.ts';
import { reportServerReached } from '#client/lib/connection.ts';
import { stubFetch, type StubResponse } from '#client/lib/testing/fetch-stub.ts';
import { deferred } from '#client/lib/testing/list-fetch-stub.ts';
import { AddressBook, EMPTY_ADDRESSES_TEXT } from './address-book.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const clinic: SavedAddress = {
  id: 3,
  name: 'Клиника',
  address: 'Россия, Москва, Тверская улица, 7',
  apartment: 'офис 12',
  coordinates: '55.757718,37.611347',
  checked: true,
};
const LIST = 'GET /ajax/cabinet/addresses';

const render = () => renderInRouter(() => <AddressBook />, { path: '/cabinet/address' });

describe('AddressBook', () => {
  it('shows a skeleton while the first list loads, then the addresses', async () => {
    const answer = deferred<StubResponse>();
    const { calls } = stubFetch({ [LIST]: () => answer.promise });
    await render();
    expect(screen.getByRole('list', { name: 'Загрузка адресов' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(calls).toHaveLength(1));
    answer.resolve({ body: { success: true, data: [clinic] } });
    const card = (await screen.findByRole('heading', { name: 'Клиника' })).closest('li')!;
    expect(within(card as HTMLElement).getByText('Россия, Москва, Тверская улица, 7')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('Квартира / офис: офис 12')).toBeInTheDocument();
  });

  it("shows the next account's addresses when the account changes mid-load, never the previous one's", async () => {
    const previous = deferred<StubResponse>();
    const { calls } = stubFetch({
      [LIST]: () =>
        calls.length === 1
          ? previous.promise
          : { body: { success: true, data: [{ ...clinic, id: 4, name: 'Клиника следующего' }] } },
    });
    await render();
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => forgetAccountData());
    expect(await screen.findByRole('heading', { name: 'Клиника следующего' })).toBeInTheDocument();
    await act(async () => previous.resolve({ body: { success: true, data: [clinic] } }));
    expect(screen.queryByRole('heading', { name: 'Клиника' })).not.toBeInTheDocument();
  });

  it('says there are none yet, with a way to add one', async () => {
    stubFetch({ [LIST]: { body: { success: true, data: [] } } });
    await render();
    expect(await screen.findByText(EMPTY_ADDRESSES_TEXT)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Добавить адрес' })).toHaveLength(2);
  });

  it('shows the failure in Russian with a retry that loads again', async () => {
    // The app's HTTP client tries a GET twice before it gives up.
    const down = { status: 503, body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' } };
    const { calls } = stubFetch({ [LIST]: [down, down, { body: { success: true, data: [clinic] } }] });
    await render();
    expect(await screen.findByText('Сервер временно недоступен. Попробуйте позже.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Клиника' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/ajax/cabinet/addresses')).toHaveLength(3);
  });

  it('asks before deleting, and reloads the list after', async () => {
    const { calls } = stubFetch({
      [LIST]: [{ body: { success: true, data: [clinic] } }, { body: { success: true, data: [] } }],
      'POST /ajax/cabinet/addresses/3/delete': { body: { success: true } },
    });
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить адрес «Клиника»' }));
    const confirm = screen.getByRole('dialog', { name: 'Удалить адрес?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText(EMPTY_ADDRESSES_TEXT)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /ajax/cabinet/addresses/3/delete');
  });

  it('with no connection (a call failed, whatever navigator.onLine says): the form says saving needs a connection, and cannot be sent', async () => {
    stubFetch({ [LIST]: { body: { success: true, data: [clinic] } } });
    await render();
    await screen.findByRole('heading', { name: 'Клиника' });
    act(() => reportServerReached(false));
    await userEvent.click(screen.getByRole('button', { name: 'Изменить адрес «Клиника»' }));
    const form = screen.getByRole('dialog', { name: 'Изменить адрес' });
    expect(
      within(form).getByText('Нет связи с сервером: адрес можно сохранить, когда связь появится.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Адрес' })).toHaveValue(clinic.address));
  });

  it('a geo provider that cannot be asked: a calm hint, the address saved as typed, and marked unchecked in the list', async () => {
    const typed = 'Москва, Тверская улица, 7';
    const unchecked: SavedAddress = {
      id: 4,
      name: 'Склад',
      address: typed,
      apartment: 'офис 1',
      coordinates: '',
      checked: false,
    };
    const { calls } = stubFetch({
      [LIST]: [{ body: { success: true, data: [] } }, { body: { success: true, data: [unchecked] } }],
      'GET /ajax/address/suggest': { body: { success: true, suggestions: [] } },
      'GET /ajax/address/check': {
        status: 503,
        body: { success: false, message: 'Ошибка при геокодировании координат' },
      },
      'POST /ajax/cabinet/addresses/save': { body: { success: true, address_id: 4, address: unchecked } },
    });
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить адрес' }));
    const form = screen.getByRole('dialog', { name: 'Новый адрес' });
    await userEvent.type(within(form).getByLabelText('Название'), 'Склад');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Адрес' }), typed);
    await userEvent.type(within(form).getByLabelText('Квартира / офис'), 'офис 1');
    expect(
      await within(form).findByText(/Не удалось проверить адрес — мы уточним его по телефону/),
    ).toBeInTheDocument();
    expect(within(form).queryByText('Ошибка при геокодировании координат')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(/Адрес пока не проверен/)).toBeInTheDocument();
    expect(calls.some((call) => `${call.method} ${call.path}` === 'POST /ajax/cabinet/addresses/save')).toBe(true);
  });

  it("says which fields are required, and what 'Сохранить' still waits for (cabinet.md §5: each required)", async () => {
    const exact = { ok: true, address: 'Россия, Москва, Тверская улица, 7', latitude: 55.75, longitude: 37.61 };
    stubFetch({
      [LIST]: { body: { success: true, data: [] } },
      'GET /ajax/address/suggest': { body: { success: true, suggestions: [] } },
      'GET /ajax/address/check': { body: { success: true, check: exact } },
    });
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить адрес' }));
    const form = screen.getByRole('dialog', { name: 'Новый адрес' });
    const apartment = within(form).getByLabelText('Квартира / офис');
    for (const field of [within(form).getByLabelText('Название'), within(form).getByRole('combobox'), apartment])
      expect(field).toBeRequired();
    const save = within(form).getByRole('button', { name: 'Сохранить' });
    expect(save).toHaveAccessibleDescription('Чтобы сохранить, заполните: «Название», «Адрес», «Квартира / офис»');

    await userEvent.type(within(form).getByLabelText('Название'), 'Клиника');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Адрес' }), 'Тверская 7');
    await userEvent.tab();
    expect(await within(form).findByText('Адрес найден')).toBeInTheDocument();
    // The one field left is named: nothing else explains why 'Сохранить' stays off.
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Чтобы сохранить, заполните: «Квартира / офис»');

    await userEvent.type(apartment, 'офис 12');
    expect(save).toBeEnabled();
    expect(within(form).queryByText(/Чтобы сохранить, заполните/)).not.toBeInTheDocument();
  });
});
