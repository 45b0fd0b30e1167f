// Test helpers shared by the bell's and the notifications page's tests.
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';

/** One notification as the list endpoint gives it. */
export const note = (id: number, viewed: boolean) => ({
  id,
  description: `Уведомление ${id}`,
  created_at: '2026-03-01 12:00:00',
  is_viewed: viewed,
});

/**
 * Two pages of notifications (3 unread and 2 read, then 1, read or not as `lastViewed` says) and a
 * read endpoint that answers no unread left. Returns the recorded calls.
 */
export function stubTwoNotificationPages(lastViewed: boolean) {
  return stubFetch({
    'GET /ajax/cabinet/notifications': [
      { body: { success: true, data: [note(3, false), note(2, true)], next_cursor: 'c-2' } },
      { body: { success: true, data: [note(1, lastViewed)], next_cursor: null } },
    ],
    'POST /ajax/cabinet/notifications/read': { body: { success: true, unread: 0 } },
  });
}
