import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { note, stubTwoNotificationPages } from './testing/notification-fixtures.ts';
import { HistoryPage } from './history-page.tsx';
import { NotificationsPage } from './notifications-page.tsx';

// Уведомления and История (cabinet.md §2, §7): unread marked in words, read once shown (and the
// count fetched again), more on demand, the empty text; history pages with numbers only when more
// than one.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotificationsPage', () => {
  it("marks the unread ones 'Новое', counts them read once shown, and loads more", async () => {
    const onRead = vi.fn();
    const { calls } = stubTwoNotificationPages(false);
    await renderInRouter(() => <NotificationsPage onRead={onRead} />);
    const list = await screen.findByRole('list', { name: 'Уведомления' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Новое');
    expect(items[0]).toHaveTextContent('01.03.2026');
    expect(items[1]).not.toHaveTextContent('Новое');
    await waitFor(() => expect(onRead).toHaveBeenCalledOnce());
    expect(calls.find((call) => call.path === '/ajax/cabinet/notifications/read')?.body).toEqual({ ids: [3] });
    expect(screen.getByRole('link', { name: 'Показать все' })).toHaveAttribute('href', '/cabinet/history');

    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await within(list).findByText('Уведомление 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/ajax/cabinet/notifications/read').at(-1)?.body).toEqual({
        ids: [3, 1],
      }),
    );
  });

  it("says 'Уведомлений пока нет' when there are none", async () => {
    stubFetch({ 'GET /ajax/cabinet/notifications': { body: { success: true, data: [], next_cursor: null } } });
    await renderInRouter(() => <NotificationsPage onRead={() => {}} />);
    expect(await screen.findByText('Уведомлений пока нет')).toBeInTheDocument();
  });
});

describe('an item about a ticket', () => {
  it('is a link to the ticket in Уведомления, and a plain line otherwise', async () => {
    stubFetch({
      'GET /ajax/cabinet/notifications': {
        body: { success: true, data: [{ ...note(5, true), ticket_id: 812 }, note(4, true)], next_cursor: null },
      },
      'POST /ajax/cabinet/notifications/read': { body: { success: true, unread: 0 } },
    });
    await renderInRouter(() => <NotificationsPage onRead={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Уведомления' });
    expect(within(list).getByRole('link', { name: 'Уведомление 5' })).toHaveAttribute('href', '/cabinet/tickets/812');
    expect(within(list).queryByRole('link', { name: 'Уведомление 4' })).not.toBeInTheDocument();
  });

  it('is a link to the ticket in История', async () => {
    stubFetch({
      'POST /ajax/cabinet/history': {
        body: {
          success: true,
          data: {
            data: [
              {
                created_at: '2026-03-01 12:30:00',
                description: 'Согласован ремонт',
                subject: { type: 'DefectiveList', id: 9 },
                ticket_id: 77,
              },
            ],
            last_page: 1,
            current_page: 1,
          },
        },
      },
    });
    await renderInRouter(() => <HistoryPage onLoaded={() => {}} />);
    expect(await screen.findByRole('link', { name: 'Согласован ремонт' })).toHaveAttribute(
      'href',
      '/cabinet/tickets/77',
    );
  });
});

describe('HistoryPage', () => {
  const item = (n: number) => ({
    created_at: '2026-03-01 12:30:00',
    description: `Событие ${n}`,
    subject: { type: 'Ticket', id: n },
  });

  it('shows page links only for more than one page, and goes to the chosen one', async () => {
    const onLoaded = vi.fn();
    const { calls } = stubFetch({
      'POST /ajax/cabinet/history': ({ body }) => {
        const page = (body as { page?: number }).page ?? 1;
        return { body: { success: true, data: { data: [item(page)], last_page: 3, current_page: page } } };
      },
    });
    await renderInRouter(() => <HistoryPage onLoaded={onLoaded} />);
    expect(await screen.findByText('Событие 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Назад' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Страница 3' }));
    expect(await screen.findByText('Событие 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Вперёд' })).toBeDisabled();
    expect(calls.filter((call) => call.path === '/ajax/cabinet/history').map((call) => call.body)).toEqual([
      { page: 1 },
      { page: 3 },
    ]);
    expect(onLoaded).toHaveBeenCalledTimes(2);
  });

  it('shows no page links for a single page, and the empty text', async () => {
    stubFetch({
      'POST /ajax/cabinet/history': { body: { success: true, data: { data: [], last_page: 1, current_page: 1 } } },
    });
    await renderInRouter(() => <HistoryPage onLoaded={() => {}} />);
    expect(await screen.findByText('История пока пуста')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страницы истории' })).not.toBeInTheDocument();
  });
});
