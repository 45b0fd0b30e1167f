import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { ticket, ticketAnswer } from './ticket-page.fixtures.ts';
import { renderTicketPage, setupTicketPageTests } from './ticket-page.test-helpers.tsx';

const TICKET = 'GET /ajax/cabinet/tickets/501';
const HISTORY = 'GET /ajax/cabinet/history/tickets/501';
const XSS = '<img src=x onerror=alert(1)>';

setupTicketPageTests(390);

/** The ticket, and its history of these entries. */
function stubHistory(...entries: Array<{ created_at: string; description: string; subject: unknown }>) {
  stubFetch({ [TICKET]: ticketAnswer(ticket()), [HISTORY]: { body: { success: true, data: entries } } });
}

async function openHistory() {
  const user = userEvent.setup();
  const page = await renderTicketPage();
  const toggle = await screen.findByRole('button', { name: 'Показать историю' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(toggle).toHaveTextContent('Скрыть историю');
  return { user, toggle, ...page };
}

describe('history panel', () => {
  it('replaces the content with Дата and Действие, highlights e-mails and numbers, links to tickets', async () => {
    stubHistory(
      {
        created_at: '2026-03-06 09:15:00',
        description: 'Заявка №501 принята, ответ на anna@clinic.ru',
        subject: { type: 'Ticket', id: 501 },
      },
      { created_at: '2026-03-07 18:40:05', description: 'Счёт выставлен', subject: { type: 'Bill', id: 3 } },
      {
        created_at: '2026-03-08 10:00:00',
        description: 'Инструмент перенесён в заявку №777',
        subject: { type: 'Ticket', id: 777 },
      },
    );
    const { user, toggle } = await openHistory();
    expect(await screen.findByRole('columnheader', { name: 'Дата' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Действие' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Дефектные ведомости' })).not.toBeInTheDocument();
    expect(screen.getByText('06.03.2026')).toBeInTheDocument();
    // Times say their zone, as the summary's does.
    expect(screen.getByText('06.03.2026').closest('td')?.textContent).toBe('06.03.2026 09:15:00\u00A0МСК');
    const marks = [...document.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['501', 'anna@clinic.ru', '777']);
    // Only to another ticket: the one open needs no link to itself.
    const links = screen.getAllByRole('link', { name: 'Перейти к заявке' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/cabinet/tickets/777');

    await user.click(toggle);
    expect(screen.getByRole('heading', { name: 'Дефектные ведомости' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Дата' })).not.toBeInTheDocument();
  });

  it('renders HTML in a description as text, never as elements', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    stubHistory({
      created_at: '2026-03-06 09:15:00',
      description: `Комментарий: ${XSS}`,
      subject: { type: 'Ticket', id: null },
    });
    await openHistory();
    const cell = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === `Комментарий: ${XSS}`,
    );
    expect(cell.querySelector('img')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    // The digit run inside the markup is still just highlighted text.
    expect(cell.querySelector('mark')?.textContent).toBe('1');
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Перейти к заявке' })).not.toBeInTheDocument();
  });

  it('highlights whole numbers and e-mails, not the digits of model names and serials', async () => {
    const description =
      'Согласован ремонт по ведомости №ДВ-0001 (Наконечник NSK Ti-Max X25L, W&H Synea TA-98), счёт 4417 на 12 500,00 ₽ для anna@clinic.ru';
    stubHistory({ created_at: '2026-03-06 09:15:00', description, subject: { type: 'DefectiveList', id: 11 } });
    await openHistory();
    await screen.findByRole('columnheader', { name: 'Дата' });
    const marks = [...document.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['ДВ-0001', '4417', '12 500,00', 'anna@clinic.ru']);
  });

  it('has its own way back to the statements: a named button and Escape, with focus back on the toggle', async () => {
    stubHistory();
    const { user, toggle } = await openHistory();
    const title = await screen.findByRole('heading', { name: 'История заявки' });
    // Opened, the reader is taken to it (on a phone it is below the summary).
    expect(title).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Вернуться к ведомостям' }));
    expect(screen.getByRole('heading', { name: 'Дефектные ведомости' })).toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await screen.findByText('Список пуст');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Дефектные ведомости' })).toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it("says 'Список пуст' when there is no history", async () => {
    stubHistory();
    await openHistory();
    expect(await screen.findByText('Список пуст')).toBeInTheDocument();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = { status: 503, body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' } };
    stubFetch({
      [TICKET]: ticketAnswer(ticket()),
      [HISTORY]: [failure, failure, { body: { success: true, data: [] } }],
    });
    const { user } = await openHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер временно недоступен');
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Список пуст')).toBeInTheDocument();
  });
});
