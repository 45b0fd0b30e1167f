import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { note, stubTwoNotificationPages } from './testing/notification-fixtures.ts';
import { NotificationBell } from './notification-bell.tsx';

// The desktop bell (portal.md §2.4): the count on it, the panel's list (read ones set apart), more
// near the end, 'Показать все', and the count fetched again on closing.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('shows the count, lists the notifications, marks them read, loads more near the end, and asks for the count on closing', async () => {
    const onClosed = vi.fn();
    const { calls } = stubTwoNotificationPages(true);
    await renderInRouter(() => <NotificationBell unread={3} onClosed={onClosed} />);
    const bell = screen.getByRole('button', { name: 'Уведомления, 3 непрочитанных' });
    await userEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Уведомления' });
    const list = await within(panel).findByRole('list', { name: 'Последние уведомления' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Новое: Уведомление 3');
    expect(within(panel).getByRole('link', { name: 'Показать все' })).toHaveAttribute('href', '/cabinet/history');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/ajax/cabinet/notifications/read')?.body).toEqual({ ids: [3] }),
    );

    fireEvent.scroll(list);
    expect(await within(list).findByText('Уведомление 1')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Уведомления' })).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledOnce();
    expect(bell).toHaveFocus();
  });

  it('makes an item about a ticket a link to it, and leaves the others plain lines', async () => {
    stubFetch({
      'GET /ajax/cabinet/notifications': {
        body: { success: true, data: [{ ...note(5, true), ticket_id: 812 }, note(4, true)], next_cursor: null },
      },
    });
    await renderInRouter(() => <NotificationBell unread={0} onClosed={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Уведомления' }));
    const list = await screen.findByRole('list', { name: 'Последние уведомления' });
    expect(await within(list).findByRole('link', { name: 'Уведомление 5' })).toHaveAttribute(
      'href',
      '/cabinet/tickets/812',
    );
    expect(within(list).getByText('Уведомление 4')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Уведомление 4' })).not.toBeInTheDocument();
  });

  it("says 'Уведомлений пока нет' when there are none", async () => {
    stubFetch({ 'GET /ajax/cabinet/notifications': { body: { success: true, data: [], next_cursor: null } } });
    await renderInRouter(() => <NotificationBell unread={0} onClosed={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Уведомления' }));
    expect(await screen.findByText('Уведомлений пока нет')).toBeInTheDocument();
  });
});
