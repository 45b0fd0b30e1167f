// What the repair forms' component tests share: the places calls step 2 makes, answered (no saved
// address, one centre, the typed address exact), and filling that step and the instrument as a user would.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { StubResponse } from '#client/lib/testing/fetch-stub.ts';

export const centre = {
  id: 1,
  name: 'Головной сервисный центр',
  country_name: 'Россия',
  city: 'Москва',
  address: 'ул. Ленина, 1',
  manager_phone: '+7 (495) 000-00-00',
  email: 'c@s.test',
  region: 'Центральный',
  latitude: 55.7,
  longitude: 37.6,
  is_show_in_crimea: false,
};

export const exact = {
  ok: true,
  address: 'Россия, Москва, Тверская улица, 7',
  latitude: 55.75,
  longitude: 37.61,
};

export const placesRoutes: Record<string, StubResponse> = {
  'GET /ajax/cabinet/addresses': { body: { success: true, data: [] } },
  'GET /ajax/offices': { body: { success: true, data: [centre] } },
  'GET /ajax/address/check': { body: { success: true, check: exact } },
  'GET /ajax/address/suggest': { body: { success: true, suggestions: [] } },
  // Noon cut-off, nothing closed: weekdays from today or tomorrow, whatever the day the tests run.
  'GET /ajax/repair-requests/pickup-calendar': { body: { success: true, cutoff_hour: 12, closed_days: [] } },
};

/** Step 2 (or the main form's address part): the checked address, the zip, the first day, the centre. */
export async function fillAddressStep() {
  await userEvent.type(screen.getByRole('combobox', { name: 'Адрес' }), 'Тверская 7');
  await userEvent.tab();
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveValue(exact.address));
  // The country comes with the checked address and is not edited by hand.
  expect(screen.getByLabelText('Страна / регион')).toHaveValue('Россия');
  expect(screen.getByLabelText('Страна / регион')).toHaveAttribute('readonly');
  await userEvent.type(screen.getByLabelText('Индекс'), '125009');
  await userEvent.selectOptions(
    screen.getByLabelText('Дата, когда забрать инструменты'),
    (await screen.findAllByRole('option', { name: /\d{2}\.\d{2}\.\d{4}/ }))[0]!,
  );
  await waitFor(() => expect(screen.getByRole('option', { name: /Головной сервисный центр/ })).toBeInTheDocument());
  await userEvent.selectOptions(screen.getByLabelText('Сервисный центр'), String(centre.id));
}

/** One turbine, 'SN-1', that does not turn: the instrument's fields as a user fills them. */
export async function fillTurbine() {
  await userEvent.type(screen.getByLabelText('Серийный номер'), 'SN-1');
  await userEvent.selectOptions(screen.getByLabelText('Тип инструмента'), 'Турбина');
  await userEvent.type(screen.getByLabelText('Описание неисправности'), 'Не вращается');
}

/** The equipment step: the photo rotor.png picked and listed under the picker, then the turbine. */
export async function fillEquipmentStep() {
  fireEvent.change(screen.getByLabelText(/Фото инструментов/), {
    target: { files: [new File(['png'], 'rotor.png', { type: 'image/png' })] },
  });
  expect(
    await within(await screen.findByRole('list', { name: 'Фото к заявке' })).findByText('rotor.png'),
  ).toBeInTheDocument();
  await fillTurbine();
}

/** A logged-in clinic with its name, phone and company filled in, as the repair forms prefill them. */
export const clinicUser = {
  id: 9,
  name: 'Анна',
  surname: 'Смирнова',
  email: 'anna@clinic.ru',
  phone: '79161234567',
  company: 'Улыбка',
};
