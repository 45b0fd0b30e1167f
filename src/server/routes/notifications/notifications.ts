import { Hono } from 'hono';
import { listAccountHistory, listNotifications, markNotificationsRead } from '#shared/screens/notifications.ts';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import * as list from '#server/services/notifications/list.ts';

// Уведомления and История (src/shared/screens/notifications.ts).

export const notificationRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

route(
  notificationRoutes,
  listNotifications,
  async (c, input) => ({
    success: true,
    ...(await list.listNotifications(
      c.var.deps.database.db,
      sessionOf(c).clientId,
      input.cursor,
      input.limit,
      c.var.deps.now(),
    )),
  }),
  loggedIn,
);
route(
  notificationRoutes,
  markNotificationsRead,
  async (c, input) => ({
    success: true,
    unread: await list.markRead(c.var.deps.database.db, sessionOf(c).clientId, input.ids),
  }),
  loggedIn,
);
route(
  notificationRoutes,
  listAccountHistory,
  async (c, input) => ({
    success: true,
    data: await list.listAccountHistory(c.var.deps.database.db, sessionOf(c).clientId, input.page),
  }),
  loggedIn,
);
