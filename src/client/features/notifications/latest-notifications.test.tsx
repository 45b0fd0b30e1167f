import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { LatestNotifications } from './latest-notifications.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const note = (id: number, ticketId: number | null) => ({
  id,
  description: `Уведомление ${id}`,
  created_at: '2026-03-01 12:00:00',
  is_viewed: true,
  ticket_id: ticketId,
});

describe("the home page's latest notifications", () => {
  it('make an item about a ticket a link to it, and leave the others plain lines', async () => {
    stubFetch({
      'GET /ajax/cabinet/notifications': {
        body: { success: true, data: [note(9, 77), note(8, null)], next_cursor: null },
      },
    });
    await renderInRouter(() => <LatestNotifications />);
    const list = await screen.findByRole('list', { name: 'Последние уведомления' });
    expect(within(list).getByRole('link', { name: 'Уведомление 9' })).toHaveAttribute('href', '/cabinet/tickets/77');
    expect(within(list).getByText('Уведомление 8')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Уведомление 8' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все уведомления' })).toHaveAttribute('href', '/cabinet/notifications');
  });
});
