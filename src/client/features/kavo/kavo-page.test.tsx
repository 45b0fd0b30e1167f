import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { KavoPage } from './kavo-page.tsx';
import { KavoSettingsSection } from './settings-section.tsx';

// KAVO ID (cabinet.md §2 Provider identity page, Settings; §5, §8, §9): 3 skeleton rows while the
// linked accounts load, the profile with the phone read only and the city suggested as 'Страна,
// Город', save only when changed, the callback's result, the not-configured notice, and
// 'Отвязать' → 'Отвязать пользователя?' → 'Пользователь отвязан' under Настройки.

afterEach(() => {
  vi.unstubAllGlobals();
});

const ivanova = {
  kavo_id: 7,
  phone: '79161234567',
  last_name: 'Иванова',
  first_name: 'Мария',
  middle_name: 'Петровна',
};
const petrov = { kavo_id: 9, phone: '79031112233', last_name: 'Петров', first_name: 'Олег', middle_name: '' };
const profile = { success: true, ...ivanova, city: 'Россия, Москва' };
const listOf = (...profiles: unknown[]) => ({ body: { success: true, configured: true, profiles } });

const noResult = { result: undefined, onResultSeen: () => {} };

describe('KavoPage', () => {
  it('shows 3 skeleton rows while loading, then the profile; saves only a change, with the city picked from the suggestions', async () => {
    let answerList: () => void = () => {};
    const listed = new Promise<void>((resolve) => (answerList = resolve));
    const { calls } = stubFetch({
      'GET /ajax/cabinet/profile/kavo-list': async () => {
        await listed;
        return listOf(ivanova);
      },
      'GET /ajax/cabinet/profile/kavo-id': { body: profile },
      'POST /ajax/geo/suggest': { body: { success: true, data: [{ country: 'Россия', city: 'Казань' }] } },
      'POST /ajax/cabinet/profile/update-kavo-id': { body: { success: true, message: 'Данные успешно изменены!' } },
    });
    await renderInRouter(() => <KavoPage {...noResult} />);
    expect(await screen.findAllByTestId('kavo-skeleton-row')).toHaveLength(3);
    answerList();

    const form = await screen.findByRole('form', { name: 'Профиль KAVO ID' });
    expect(within(form).getByLabelText('Фамилия')).toHaveValue('Иванова');
    const phone = within(form).getByLabelText('Телефон');
    expect(phone).toHaveValue('+7 (916) 123-45-67');
    expect(phone).toHaveAttribute('readonly');
    const save = within(form).getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();

    const city = within(form).getByRole('combobox', { name: 'Город' });
    await userEvent.clear(city);
    await userEvent.type(city, 'Каз');
    await userEvent.click(await screen.findByRole('option', { name: 'Россия, Казань' }));
    expect(city).toHaveValue('Россия, Казань');
    expect(save).toBeEnabled();
    await userEvent.click(save);

    expect(await screen.findByRole('dialog', { name: 'Данные успешно изменены!' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/ajax/cabinet/profile/update-kavo-id')?.body).toEqual({
      kavo_id: 7,
      last_name: 'Иванова',
      first_name: 'Мария',
      middle_name: 'Петровна',
      city: 'Россия, Казань',
    });
    expect(calls.find((call) => call.path === '/ajax/geo/suggest')?.body).toEqual({ query: 'Каз', limit: 5 });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it("checks the city as 'Страна, Город' and the names as the spec says", async () => {
    stubFetch({
      'GET /ajax/cabinet/profile/kavo-list': listOf(ivanova),
      'GET /ajax/cabinet/profile/kavo-id': { body: profile },
    });
    await renderInRouter(() => <KavoPage {...noResult} />);
    const form = await screen.findByRole('form', { name: 'Профиль KAVO ID' });
    const city = within(form).getByRole('combobox', { name: 'Город' });
    await userEvent.clear(city);
    await userEvent.type(city, 'Москва');
    await userEvent.tab();
    expect(await within(form).findByText('Укажите город в виде «Страна, Город»')).toBeInTheDocument();
    const first = within(form).getByLabelText('Имя');
    await userEvent.clear(first);
    await userEvent.type(first, 'М');
    await userEvent.tab();
    expect(await within(form).findByText('Минимум 2 символа')).toBeInTheDocument();
  });

  it("says 'Не удалось загрузить данные пользователя.' when the provider refuses the stored token", async () => {
    stubFetch({
      'GET /ajax/cabinet/profile/kavo-list': listOf(ivanova),
      'GET /ajax/cabinet/profile/kavo-id': {
        status: 502,
        body: { success: false, message: 'Не удалось загрузить данные пользователя.' },
      },
    });
    await renderInRouter(() => <KavoPage {...noResult} />);
    expect(await screen.findByText('Не удалось загрузить данные пользователя.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Профиль KAVO ID' })).not.toBeInTheDocument();
    // The identity is still listed, and can be unlinked or linked again.
    expect(screen.getByRole('list', { name: 'Привязанные аккаунты KAVO ID' })).toHaveTextContent(
      'Иванова Мария Петровна',
    );
  });

  it("opens another linked identity's profile", async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/profile/kavo-list': listOf(ivanova, petrov),
      'GET /ajax/cabinet/profile/kavo-id': () => {
        const petrovAsked = calls.filter((call) => call.path === '/ajax/cabinet/profile/kavo-id').length > 1;
        return { body: petrovAsked ? { success: true, ...petrov, city: 'Казахстан, Алматы' } : profile };
      },
    });
    await renderInRouter(() => <KavoPage {...noResult} />);
    expect(await screen.findByDisplayValue('Россия, Москва')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Открыть профиль Петров Олег' }));
    expect(await screen.findByDisplayValue('Казахстан, Алматы')).toBeInTheDocument();
  });

  it("sends the browser to the provider with 'Привязать KAVO ID'", async () => {
    stubFetch({
      'GET /ajax/cabinet/profile/kavo-list': listOf(),
      'POST /ajax/cabinet/kavo-id/connect': { body: { success: true, url: 'https://id.kavo.example/auth?state=s' } },
    });
    const goTo = vi.fn();
    await renderInRouter(() => <KavoPage {...noResult} goTo={goTo} />);
    expect(await screen.findByText('Нет привязанных аккаунтов KAVO ID')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Привязать KAVO ID' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://id.kavo.example/auth?state=s'));
  });

  it('tells how the link ended, and forgets it once closed', async () => {
    stubFetch({ 'GET /ajax/cabinet/profile/kavo-list': listOf() });
    const seen = vi.fn();
    await renderInRouter(() => <KavoPage result="taken" onResultSeen={seen} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ошибка' });
    expect(dialog).toHaveTextContent('Этот KAVO ID уже привязан к другому аккаунту.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(seen).toHaveBeenCalled();
  });

  it('ignores a result word it does not know', async () => {
    stubFetch({ 'GET /ajax/cabinet/profile/kavo-list': listOf() });
    await renderInRouter(() => <KavoPage result="hacked" onResultSeen={() => {}} />);
    expect(await screen.findByText('Нет привязанных аккаунтов KAVO ID')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says KAVO ID is not configured for this portal, with no link button', async () => {
    stubFetch({ 'GET /ajax/cabinet/profile/kavo-list': { body: { success: true, configured: false, profiles: [] } } });
    await renderInRouter(() => <KavoPage {...noResult} />);
    expect(await screen.findByText(/KAVO ID не настроен на этом портале\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Привязать KAVO ID' })).not.toBeInTheDocument();
  });
});

describe('KavoSettingsSection', () => {
  it("unlinks after 'Отвязать пользователя?' and says 'Пользователь отвязан'", async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/profile/kavo-list': listOf(ivanova, petrov),
      'POST /ajax/cabinet/profile/unlink-kavo-id': { body: { success: true, message: 'Пользователь отвязан' } },
    });
    await renderInRouter(() => <KavoSettingsSection />);
    const list = await screen.findByRole('list', { name: 'Привязанные аккаунты KAVO ID' });
    expect(list).toHaveTextContent('+7 (916) 123-45-67');
    expect(list).toHaveTextContent('Иванова Мария Петровна');
    await userEvent.click(within(list).getByRole('button', { name: 'Отвязать Иванова Мария Петровна' }));
    const confirm = await screen.findByRole('dialog', { name: 'Отвязать пользователя?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Отвязать' }));
    expect(await screen.findByRole('dialog', { name: 'Пользователь отвязан' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Привязанные аккаунты KAVO ID' })).not.toHaveTextContent('Иванова');
    expect(calls.find((call) => call.path === '/ajax/cabinet/profile/unlink-kavo-id')?.body).toEqual({ kavo_id: 7 });
  });

  it("says 'Произошла ошибка. Попробуйте позже.' when the unlink does not reach the server, and keeps the row", async () => {
    stubFetch({
      'GET /ajax/cabinet/profile/kavo-list': listOf(ivanova),
      'POST /ajax/cabinet/profile/unlink-kavo-id': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await renderInRouter(() => <KavoSettingsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Отвязать Иванова Мария Петровна' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Отвязать пользователя?' })).getByRole('button', {
        name: 'Отвязать',
      }),
    );
    const error = await screen.findByRole('dialog', { name: 'Ошибка' });
    expect(error).toHaveTextContent('Произошла ошибка. Попробуйте позже.');
    expect(screen.getByRole('list', { name: 'Привязанные аккаунты KAVO ID' })).toHaveTextContent('Иванова');
  });

  it('shows nothing when KAVO ID is neither configured nor linked', async () => {
    stubFetch({ 'GET /ajax/cabinet/profile/kavo-list': { body: { success: true, configured: false, profiles: [] } } });
    const { container } = await renderInRouter(() => <KavoSettingsSection />);
    await waitFor(() => expect(container).not.toHaveTextContent('Аккаунты KAVO ID'));
  });
});
