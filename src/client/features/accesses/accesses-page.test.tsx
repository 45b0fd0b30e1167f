import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { AccessesPage } from './accesses-page.tsx';

// Доступы (cabinet.md §2 Accesses, §5, §8): empty text, the add popup's checks and the server's
// text under the field, 'Доступ выдан' and the list fetched again, 'Удалить' asking first, then taking effect at once.

afterEach(() => {
  vi.unstubAllGlobals();
});

const colleague = {
  email: 'olga@clinic.ru',
  name: 'Ольга',
  surname: 'Кузнецова',
  granted_at: '2026-03-01T12:00:00+03:00',
};

describe('AccessesPage', () => {
  it("says 'Нет связанных аккаунтов', checks the e-mail, shows the server's refusal, then grants and lists", async () => {
    let granted = false;
    const { calls } = stubFetch({
      'GET /ajax/cabinet/accesses': () => ({ body: { success: true, data: granted ? [colleague] : [] } }),
      'POST /ajax/cabinet/link-account': ({ body }) => {
        if ((body as { email: string }).email === 'nobody@clinic.ru')
          return {
            status: 422,
            body: {
              success: false,
              message: 'Пользователь с таким e-mail не найден. Попросите коллегу зарегистрироваться на портале.',
              errors: {
                email: ['Пользователь с таким e-mail не найден. Попросите коллегу зарегистрироваться на портале.'],
              },
            },
          };
        granted = true;
        return { body: { success: true, message: 'Доступ выдан' } };
      },
    });
    await renderInRouter(() => <AccessesPage />);
    expect(await screen.findByText('Нет связанных аккаунтов')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Выдача доступов к моим заявкам и счетам' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Добавить пользователя' }));
    const popup = await screen.findByRole('dialog', { name: 'Добавить пользователя' });
    const send = within(popup).getByRole('button', { name: 'Выдать доступ' });
    expect(send).toBeDisabled();
    const email = within(popup).getByLabelText('Эл. почта коллеги');
    await userEvent.type(email, 'olga@');
    await userEvent.tab();
    expect(await within(popup).findByText('Введите корректный email')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'nobody@clinic.ru');
    await userEvent.click(send);
    expect(await within(popup).findByText(/не найден\. Попросите коллегу/)).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'olga@clinic.ru');
    // 'Заявки и согласования' is today's access and chosen until another is.
    expect(within(popup).getByRole('radio', { name: /^Заявки и согласования/ })).toBeChecked();
    await userEvent.click(within(popup).getByRole('radio', { name: /^Только заявки/ }));
    await userEvent.click(within(popup).getByRole('button', { name: 'Выдать доступ' }));
    expect(await within(popup).findByText('Доступ выдан')).toBeInTheDocument();
    // The focus does not fall to the page when the form gives way to the answer.
    await waitFor(() => expect(within(popup).getByRole('button', { name: 'Готово' })).toHaveFocus());
    await userEvent.click(within(popup).getByRole('button', { name: 'Готово' }));

    const list = await screen.findByRole('list', { name: 'Связанные аккаунты' });
    expect(within(list).getByText('olga@clinic.ru')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/ajax/cabinet/link-account').map((call) => call.body)).toEqual([
      { email: 'nobody@clinic.ru', level: 'full' },
      { email: 'olga@clinic.ru', level: 'tickets' },
    ]);
  });

  it("shows each colleague's level and changes it in place ('Изменить доступ')", async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/accesses': { body: { success: true, data: [{ ...colleague, level: 'tickets' }] } },
      'POST /ajax/cabinet/link-account': { body: { success: true, message: 'Доступ изменён' } },
    });
    await renderInRouter(() => <AccessesPage />);
    const list = await screen.findByRole('list', { name: 'Связанные аккаунты' });
    expect(list).toHaveTextContent('Только заявки');
    await userEvent.click(within(list).getByRole('button', { name: 'Изменить доступ olga@clinic.ru' }));
    const popup = await screen.findByRole('dialog', { name: 'Изменить доступ' });
    expect(within(popup).getByRole('radio', { name: /^Только заявки/ })).toBeChecked();
    const save = within(popup).getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();
    await userEvent.click(within(popup).getByRole('radio', { name: /^Заявки и согласования/ }));
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('list', { name: 'Связанные аккаунты' })).toHaveTextContent('Заявки и согласования');
    expect(calls.find((call) => call.path === '/ajax/cabinet/link-account')?.body).toEqual({
      email: 'olga@clinic.ru',
      level: 'full',
    });
  });

  it("shows a waiting invitation as 'Приглашение отправлено', without 'Изменить доступ'", async () => {
    stubFetch({
      'GET /ajax/cabinet/accesses': {
        body: {
          success: true,
          data: [
            {
              email: 'new@clinic.ru',
              name: '',
              surname: '',
              granted_at: '2026-03-01',
              level: 'tickets',
              status: 'invited',
            },
          ],
        },
      },
    });
    await renderInRouter(() => <AccessesPage />);
    const list = await screen.findByRole('list', { name: 'Связанные аккаунты' });
    expect(list).toHaveTextContent('Приглашение отправлено');
    expect(list).toHaveTextContent('Только заявки');
    expect(within(list).queryByRole('button', { name: /^Изменить доступ/ })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Удалить доступ new@clinic.ru' })).toBeInTheDocument();
  });

  it("asks 'Отозвать приглашение?' for an invitation, naming its address and the link, not an account's empty name", async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/accesses': {
        body: {
          success: true,
          data: [{ email: 'new@clinic.ru', name: '', surname: '', granted_at: '2026-03-01', status: 'invited' }],
        },
      },
      'POST /ajax/cabinet/unlink-account': { body: { success: true, message: 'Приглашение отозвано' } },
    });
    await renderInRouter(() => <AccessesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить доступ new@clinic.ru' }));
    const asking = await screen.findByRole('dialog', { name: 'Отозвать приглашение?' });
    expect(asking).toHaveTextContent(
      'new@clinic.ru: ссылка из письма-приглашения перестанет работать; пригласить можно снова.',
    );
    expect(asking).not.toHaveTextContent(/аккаунту|, new@clinic\.ru/);
    await userEvent.click(within(asking).getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByText('Нет связанных аккаунтов')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/ajax/cabinet/unlink-account')?.body).toEqual({
      email: 'new@clinic.ru',
    });
  });

  it("asks 'Отозвать доступ?' before removing; Отмена keeps the access", async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/accesses': { body: { success: true, data: [colleague] } },
      'POST /ajax/cabinet/unlink-account': { body: { success: true, message: 'Доступ отозван' } },
    });
    await renderInRouter(() => <AccessesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить доступ olga@clinic.ru' }));
    const asking = await screen.findByRole('dialog', { name: 'Отозвать доступ?' });
    expect(asking).toHaveTextContent('Ольга Кузнецова, olga@clinic.ru');
    await userEvent.click(within(asking).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('list', { name: 'Связанные аккаунты' })).toHaveTextContent('olga@clinic.ru');
    expect(calls.some((call) => call.path === '/ajax/cabinet/unlink-account')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Удалить доступ olga@clinic.ru' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Отозвать доступ?' })).getByRole('button', { name: 'Отозвать' }),
    );
    expect(await screen.findByText('Нет связанных аккаунтов')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/ajax/cabinet/unlink-account')?.body).toEqual({
      email: 'olga@clinic.ru',
    });
  });

  it('removes an account at once and brings it back with the reason when the server refuses', async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/accesses': { body: { success: true, data: [colleague] } },
      'POST /ajax/cabinet/unlink-account': {
        status: 500,
        body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' },
      },
    });
    await renderInRouter(() => <AccessesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить доступ olga@clinic.ru' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Отозвать доступ?' })).getByRole('button', { name: 'Отозвать' }),
    );
    expect(await screen.findByText('Сервер временно недоступен. Попробуйте позже.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Связанные аккаунты' })).toHaveTextContent('olga@clinic.ru'),
    );
    expect(calls.find((call) => call.path === '/ajax/cabinet/unlink-account')?.body).toEqual({
      email: 'olga@clinic.ru',
    });
  });

  it('says when the list cannot be loaded and loads it again', async () => {
    let fail = true;
    stubFetch({
      'GET /ajax/cabinet/accesses': () =>
        fail ? { status: 500, body: { success: false } } : { body: { success: true, data: [colleague] } },
    });
    await renderInRouter(() => <AccessesPage />);
    expect(await screen.findByText('Сервер временно недоступен. Попробуйте позже.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Связанные аккаунты' })).toHaveTextContent('Ольга Кузнецова');
  });
});
