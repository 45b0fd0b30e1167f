// Уведомления and История (src/shared/screens/notifications.ts).
import {
  listAccountHistory,
  listNotifications,
  markNotificationsRead,
  type Notification,
} from '#shared/screens/notifications.ts';
import type { EndpointInput } from '#shared/api/endpoint.ts';
import type { HistoryItem } from '#shared/api/tickets.ts';
import { callApi } from '#client/lib/http.ts';

export async function fetchNotifications(
  cursor: string | null,
  limit?: number,
  signal?: AbortSignal,
): Promise<{ items: Notification[]; nextCursor: string | null }> {
  const input: EndpointInput<typeof listNotifications> = {};
  if (cursor) input.cursor = cursor;
  if (limit) input.limit = String(limit);
  const answer = await callApi(listNotifications, { input, signal });
  return { items: answer.data, nextCursor: answer.next_cursor };
}

export async function markRead(ids: readonly number[]): Promise<number> {
  return (await callApi(markNotificationsRead, { input: { ids: [...ids] } })).unread;
}

export async function fetchHistoryPage(
  page: number,
  signal?: AbortSignal,
): Promise<{ items: HistoryItem[]; lastPage: number; currentPage: number }> {
  const { data } = await callApi(listAccountHistory, { input: { page }, signal });
  return { items: data.data, lastPage: data.last_page, currentPage: data.current_page };
}
