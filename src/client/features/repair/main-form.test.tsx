import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { RepairMainForm } from './main-form.tsx';
import { clinicUser, exact, fillAddressStep, placesRoutes } from './testing/address-world.ts';

// The main request form (portal.md §2.2, §2.3, §4.1): the equipment dialog's rules and words, the
// last look before sending, and the result popups.

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = { ...clinicUser, consents_given: true };

function stubServer(answer: { status?: number; body: unknown } = { body: { success: true, ticket_id: 640 } }) {
  return stubFetch({
    ...placesRoutes,
    'POST /ajax/repair-requests': answer,
  });
}

const dialog = (name: string) => screen.findByRole('dialog', { name });

async function addInstrument(serial: string, description: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Добавить инструмент' }));
  const form = await dialog('Добавление инструмента');
  await userEvent.type(within(form).getByLabelText('Серийный номер'), serial);
  await userEvent.selectOptions(within(form).getByLabelText('Тип инструмента'), 'Турбина');
  await userEvent.type(within(form).getByLabelText('Описание неисправности'), description);
  await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Добавление инструмента' })).not.toBeInTheDocument());
}

describe('RepairMainForm', () => {
  it('greets the clinic and asks for at least one instrument', async () => {
    stubServer();
    await renderInRouter(() => <RepairMainForm user={user} />);
    expect(screen.getByText('Здравствуйте, Анна!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText('Добавьте хотя бы один инструмент')).toBeInTheDocument();
  });

  it('adds, changes and deletes instruments in the dialog, with its checks and questions', async () => {
    stubServer();
    await renderInRouter(() => <RepairMainForm user={user} />);
    await userEvent.click(screen.getByRole('button', { name: 'Добавить инструмент' }));
    const adding = await dialog('Добавление инструмента');
    const save = within(adding).getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();
    await userEvent.click(within(adding).getByLabelText('Серийный номер'));
    await userEvent.tab();
    expect(within(adding).getByText('Поле обязательно для заполнения')).toBeInTheDocument();
    await userEvent.type(within(adding).getByLabelText('Серийный номер'), 'SN-1');
    await userEvent.selectOptions(within(adding).getByLabelText('Тип инструмента'), 'Турбина');
    await userEvent.type(within(adding).getByLabelText('Описание неисправности'), 'Шумит');
    await userEvent.tab();
    expect(within(adding).getByText('Минимум 10 символов')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.type(within(adding).getByLabelText('Описание неисправности'), ' при работе');
    expect(save).toBeEnabled();
    await userEvent.click(save);

    const list = await screen.findByRole('list', { name: 'Инструменты в заявке' });
    expect(within(list).getByText('Серийный номер: SN-1')).toBeInTheDocument();

    // Changing it, then closing with changes: asked first, and nothing changes.
    await userEvent.click(within(list).getByRole('button', { name: 'Изменить инструмент SN-1' }));
    const editing = await dialog('Изменение инструмента');
    expect(within(editing).getByLabelText('Серийный номер')).toHaveValue('SN-1');
    await userEvent.type(within(editing).getByLabelText('Серийный номер'), '0');
    await userEvent.click(within(editing).getByRole('button', { name: 'Закрыть' }));
    await userEvent.click(within(await dialog('Закрыть окно?')).getByRole('button', { name: 'Да, закрыть' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Изменение инструмента' })).not.toBeInTheDocument(),
    );
    expect(within(list).getByText('Серийный номер: SN-1')).toBeInTheDocument();

    // Deleting it: asked, then gone.
    await userEvent.click(within(list).getByRole('button', { name: 'Изменить инструмент SN-1' }));
    await userEvent.click(within(await dialog('Изменение инструмента')).getByRole('button', { name: 'Удалить' }));
    await userEvent.click(within(await dialog('Удалить инструмент?')).getByRole('button', { name: 'Да, удалить' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Инструменты в заявке' })).not.toBeInTheDocument());
  });

  it('asks for a last look, sends, thanks with the note about the bill, and starts afresh', async () => {
    const { calls } = stubServer();
    await renderInRouter(() => <RepairMainForm user={user} />);
    await fillAddressStep();
    await addInstrument('SN-7', 'Не вращается головка');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    const attention = await dialog('Внимание');
    expect(attention).toHaveTextContent('инструментов — 1');
    await userEvent.click(within(attention).getByRole('button', { name: 'Отправить' }));

    const thanks = await dialog('Спасибо!');
    expect(within(thanks).getByText('Ваша заявка успешно отправлена!')).toBeInTheDocument();
    expect(thanks).toHaveTextContent('счёт появится в разделе «Счета»');
    expect(within(thanks).getByRole('link', { name: 'Мои заявки' })).toHaveAttribute('href', '/cabinet/tickets');
    expect(within(thanks).getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    const sent = calls.filter((call) => call.path === '/ajax/repair-requests');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      instruments: [{ serial_number: 'SN-7', type: 1, description: 'Не вращается головка' }],
      address: { office_id: 1 },
    });

    await userEvent.click(within(thanks).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Инструменты в заявке' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Индекс')).toHaveValue('');
  });

  it("shows a refusal in 'Ошибка' and keeps what was entered", async () => {
    stubServer({
      status: 422,
      body: {
        success: false,
        message: 'Этот сервисный центр не принимает заявки с этого адреса. Выберите другой.',
        errors: { 'address.office_id': ['Этот сервисный центр не принимает заявки с этого адреса. Выберите другой.'] },
      },
    });
    await renderInRouter(() => <RepairMainForm user={user} />);
    await fillAddressStep();
    await addInstrument('SN-8', 'Не включается совсем');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    await userEvent.click(within(await dialog('Внимание')).getByRole('button', { name: 'Отправить' }));
    const failure = await dialog('Ошибка');
    expect(failure).toHaveTextContent('Этот сервисный центр не принимает заявки с этого адреса. Выберите другой.');
    await userEvent.click(within(failure).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('list', { name: 'Инструменты в заявке' })).toHaveTextContent('SN-8');
    expect(screen.getByLabelText('Индекс')).toHaveValue('125009');
  });

  it("adds an address in the places' dialog and uses it at once", async () => {
    stubServer();
    const saved = {
      id: 5,
      name: 'Склад',
      address: exact.address,
      apartment: 'кабинет 3',
      coordinates: '55.75,37.61',
      checked: true,
    };
    await renderInRouter(() => (
      <RepairMainForm
        user={user}
        renderAddressDialog={({ onSaved }) => (
          <button type="button" onClick={() => onSaved(saved)}>
            Сохранить адрес в диалоге
          </button>
        )}
      />
    ));
    await userEvent.click(screen.getByRole('button', { name: 'Добавить адрес' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить адрес в диалоге' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveValue(exact.address));
    expect(screen.getByLabelText('Офис / квартира')).toHaveValue('кабинет 3');
    expect(screen.getByLabelText('Сохранённый адрес')).toHaveValue('5');
    expect(screen.queryByRole('button', { name: 'Сохранить адрес в диалоге' })).not.toBeInTheDocument();
  });
});
