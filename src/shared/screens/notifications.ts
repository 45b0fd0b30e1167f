import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { cursorParam, queryInt, serverTimestamp } from '../api/query.ts';
import { historyItem } from '../api/tickets.ts';

// The clinic's notifications and account history (cabinet.md §2 Notifications, History; §7).

export const NOTIFICATIONS_MESSAGES = {
  empty: 'Уведомлений пока нет',
  emptyHistory: 'История пока пуста',
} as const;

export const notification = v.object({
  id: v.number(),
  description: v.string(),
  created_at: serverTimestamp,
  is_viewed: v.boolean(),
  /** The ticket it is about: the item links there. Copies saved before this field: none. */
  ticket_id: v.optional(v.nullable(v.number()), null),
  /** A courier's: the stop it is about while that stop's card opens; null once it left the route. */
  stop_id: v.optional(v.nullable(v.number()), null),
});
export type Notification = v.InferOutput<typeof notification>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Newest first, by keyset; `limit` 3 for the home page (portal.md §7 'main notifications, limit 3'). */
export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/notifications',
  input: v.object({ cursor: v.optional(cursorParam), limit: v.optional(queryInt(1, 50)) }),
  output: okResponse({ data: v.array(notification), next_cursor: v.nullable(v.string()) }),
});

/** The notifications the page has shown count as read; answers the unread count after it. */
export const markNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/notifications/read',
  input: v.object({
    ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))), v.maxLength(200)),
  }),
  output: okResponse({ unread: v.number() }),
});

export const HISTORY_PAGE_SIZE = 20;

/** The account's history, a page at a time, as the spec names the call and its answer. */
export const listAccountHistory = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/history',
  input: v.object({ page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1) }),
  output: okResponse({
    data: v.object({ data: v.array(historyItem), last_page: v.number(), current_page: v.number() }),
  }),
});
