import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CACHED_AT_HEADER } from '#shared/api/ticket-cache.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { hasNoConnection } from '#client/lib/connection.ts';
import { goOffline } from '#client/lib/testing/connection.ts';
import { regionalOffice, ticket, ticketAnswer } from './ticket-page.fixtures.ts';
import { renderTicketPage, setupTicketPageTests } from './ticket-page.test-helpers.tsx';
import { useTicketStore } from './ticket-store.ts';

const S = '\u00A0';
const TICKET = 'GET /ajax/cabinet/tickets/501';

setupTicketPageTests(1280);

const cards = () => screen.getAllByRole('article');

describe('TicketPage: summary', () => {
  it('shows the back link, the status, the heading, the date and time cuts and the PDF', async () => {
    stubFetch({ [TICKET]: ticketAnswer(ticket()) });
    await renderTicketPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Заявка на ремонт №501' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /К списку заявок/ })).toHaveAttribute('href', '/cabinet/tickets');
    expect(screen.getByText('Требует согласования', { selector: '[data-status="5"]' })).toBeInTheDocument();
    expect(screen.getByText('05.03.2026')).toBeInTheDocument();
    expect(screen.getByText('Время').nextElementSibling?.textContent).toBe(`14:07:09${S}МСК`);
    const pdf = screen.getByRole('link', { name: 'Скачать заявку (PDF)' });
    expect(pdf).toHaveAttribute('href', '/ajax/cabinet/tickets/501/get-pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: 'Отследить посылку' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Скачать накладную курьера' })).not.toBeInTheDocument();
  });

  it('with a shipping order: the tracking link (new tab, noopener) and the waybill download', async () => {
    const shippingOrder = {
      tracking_link: 'https://www.cdek.ru/ru/tracking?order_id=1572204408',
      provider_order_id: '1572204408',
      waybill_url: '/ajax/cabinet/file/invoice/1572204408',
    };
    stubFetch({ [TICKET]: ticketAnswer(ticket({ shippingOrder })) });
    await renderTicketPage();
    const tracking = await screen.findByRole('link', { name: 'Отследить посылку' });
    expect(tracking).toHaveAttribute('href', shippingOrder.tracking_link);
    expect(tracking).toHaveAttribute('target', '_blank');
    expect(tracking.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Скачать накладную курьера' })).toHaveAttribute(
      'href',
      shippingOrder.waybill_url,
    );
  });

  it('never links a tracking address that is not http(s)', async () => {
    const shippingOrder = { tracking_link: 'javascript:alert(1)', provider_order_id: '1', waybill_url: null };
    stubFetch({ [TICKET]: ticketAnswer(ticket({ shippingOrder })) });
    await renderTicketPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Отследить посылку' })).not.toBeInTheDocument();
  });

  it('shows the total cost in Russian format and the selected cost on desktop', async () => {
    stubFetch({ [TICKET]: ticketAnswer(ticket()) });
    await renderTicketPage();
    await screen.findByRole('heading', { level: 1 });
    // Non-breaking spaces, exactly as src/shared/format/number/money.ts writes them.
    expect(screen.getByText('Стоимость работ').nextElementSibling?.textContent).toBe(`44${S}600,00${S}₽`);
    expect(screen.getByText('Стоимость выбранных работ').nextElementSibling?.textContent).toBe(`0,00${S}₽`);
    await userEvent.click(screen.getByRole('checkbox', { name: /Угловой наконечник/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Скалер/ }));
    // 8 700,00 + 23 400,00 added in kopecks
    expect(screen.getByText('Стоимость выбранных работ').nextElementSibling?.textContent).toBe(`32${S}100,00${S}₽`);
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
  });
});

describe('TicketPage: right column', () => {
  it('a regional service centre shows its card instead of statements', async () => {
    stubFetch({ [TICKET]: ticketAnswer(ticket({ office: regionalOffice })) });
    await renderTicketPage();
    expect(await screen.findByRole('heading', { name: 'Заявка отправлена в сервисный центр' })).toBeInTheDocument();
    expect(screen.getByText('Сервисный центр «Урал»')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+7 (343) 222-33-44' })).toHaveAttribute('href', 'tel:+73432223344');
    expect(screen.getByText('Россия, Екатеринбург, ул. Малышева, 51')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ural@example.ru' })).toHaveAttribute('href', 'mailto:ural@example.ru');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Согласовать все' })).not.toBeInTheDocument();
  });

  it('offices 1 and 2 show the statements; instruments only when there are none', async () => {
    stubFetch({ [TICKET]: ticketAnswer(ticket({ office: { ...regionalOffice, id: 2 } })) });
    await renderTicketPage();
    expect(await screen.findByRole('heading', { name: 'Дефектные ведомости' })).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'Инструменты' })).not.toBeInTheDocument();
  });

  it('shows the instruments when there are no statements, and no mass actions', async () => {
    stubFetch({ [TICKET]: ticketAnswer(ticket({ defective_lists: [], hasDefects: false, cost: '0.00' })) });
    await renderTicketPage();
    expect(await screen.findByRole('heading', { name: 'Инструменты' })).toBeInTheDocument();
    const card = within(cards()[0]!);
    expect(card.getByText('WH-TA98-1184301')).toBeInTheDocument();
    expect(card.getByText('Диагностика выполнена')).toBeInTheDocument();
    expect(card.getAllByText('Турбина').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Согласовать все' })).not.toBeInTheDocument();
  });

  it("'Только заявки' reads the owner's ticket: no decision buttons, no checkboxes, no costs (ADR 0049)", async () => {
    const readOnly = ticket({
      cost: null,
      defective_lists: ticket().defective_lists.map((one) => ({ ...one, sum: null })),
    });
    stubFetch({ [TICKET]: ticketAnswer(readOnly) });
    await renderTicketPage();
    expect(await screen.findByRole('heading', { name: 'Дефектные ведомости' })).toBeInTheDocument();
    for (const name of ['Согласовать все', 'Согласовать', 'Обсудить', 'Отказ', 'Обмен на новый инструмент'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByText(/₽/)).not.toBeInTheDocument();
  });

  it('says so when there is nothing', async () => {
    stubFetch({
      [TICKET]: ticketAnswer(ticket({ defective_lists: [], instruments: [], hasDefects: false, office: null })),
    });
    await renderTicketPage();
    expect(await screen.findByText('У Вас пока нет инструментов или дефектных ведомостей')).toBeInTheDocument();
  });
});

describe('TicketPage: states', () => {
  it('404 shows "Заявка не найдена" with a link back', async () => {
    stubFetch({ [TICKET]: { status: 404, body: { success: false, message: 'Заявка не найдена' } } });
    await renderTicketPage();
    expect(await screen.findByRole('heading', { name: 'Заявка не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку заявок' })).toHaveAttribute('href', '/cabinet/tickets');
  });

  it('a failure shows the Russian message and retries', async () => {
    const failure = { status: 503, body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' } };
    const user = userEvent.setup();
    stubFetch({
      // ky retries a GET once by itself: two failures, then the answer.
      [TICKET]: [failure, failure, ticketAnswer(ticket())],
    });
    await renderTicketPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер временно недоступен');
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Дефектные ведомости' })).toBeInTheDocument();
  });

  it('shows the saved copy at once, and says when a refresh failed and how old the copy is', async () => {
    useTicketStore.setState({ tickets: { 501: { ticket: ticket(), fetchedAt: Date.now() - 5 * 60_000 } } });
    const failure = { status: 503, body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' } };
    stubFetch({ [TICKET]: [failure, failure] });
    await renderTicketPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Заявка на ремонт №501' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось обновить заявку: Сервер временно недоступен',
    );
    expect(screen.getByText('Обновлено 5 минут назад')).toBeInTheDocument();
  });

  it('with no connection shows the saved copy with its age and no red box (the offline banner says it once)', async () => {
    useTicketStore.setState({ tickets: { 501: { ticket: ticket(), fetchedAt: Date.now() - 5 * 60_000 } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await renderTicketPage();
    expect(await screen.findByText('Обновлено 5 минут назад')).toBeInTheDocument();
    await waitFor(() => expect(hasNoConnection()).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Заявка на ремонт №501' })).toBeInTheDocument();
  });

  it("says how old the service worker's saved copy is, and not when the server answers", async () => {
    const savedAt = Date.now() - 3 * 60 * 60_000;
    stubFetch({
      [TICKET]: [
        { body: ticketAnswer(ticket()).body, headers: { [CACHED_AT_HEADER]: String(savedAt) } },
        ticketAnswer(ticket()),
      ],
    });
    await renderTicketPage();
    expect(await screen.findByText('Обновлено 3 часа назад')).toBeInTheDocument();
    expect(useTicketStore.getState().tickets[501]?.fetchedAt).toBe(savedAt);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The connection comes back: the page asks again and the server's answer has no age to show.
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(screen.queryByText(/^Обновлено/)).not.toBeInTheDocument());
  });

  it('says how old the copy is while the device is offline', async () => {
    useTicketStore.setState({ tickets: { 501: { ticket: ticket(), fetchedAt: Date.now() - 2 * 60_000 } } });
    stubFetch({ [TICKET]: ticketAnswer(ticket()) });
    await renderTicketPage();
    // The server's answer is in: the copy is from now.
    await vi.waitFor(() =>
      expect(useTicketStore.getState().tickets[501]?.fetchedAt).toBeGreaterThan(Date.now() - 60_000),
    );
    expect(screen.queryByText(/^Обновлено/)).not.toBeInTheDocument();
    act(() => goOffline());
    expect(screen.getByText('Обновлено несколько секунд назад')).toBeInTheDocument();
  });

  it('shows the skeleton while the first copy loads', async () => {
    stubFetch({ [TICKET]: () => new Promise(() => {}) });
    await renderTicketPage();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка заявки');
  });
});
