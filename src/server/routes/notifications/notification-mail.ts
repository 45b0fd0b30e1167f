import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  getNotificationMail,
  NOTIFICATION_MAIL_MESSAGES,
  setNotificationMail,
} from '#shared/screens/notification-mail.ts';
import type { AppEnv } from '#server/context.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';

// 'Дублировать уведомления на e-mail' (src/shared/screens/notification-mail.ts; ADR 0045): the
// account's own switch; enqueueNotificationDeliveries reads it when a notification is written.

export const notificationMailRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

route(
  notificationMailRoutes,
  getNotificationMail,
  async (c) => {
    const [row] = await c.var.deps.database.db
      .select({ on: clients.notifyByEmail })
      .from(clients)
      .where(eq(clients.id, sessionOf(c).clientId));
    return { success: true, on: row?.on ?? false };
  },
  loggedIn,
);

route(
  notificationMailRoutes,
  setNotificationMail,
  async (c, input) => {
    await c.var.deps.database.db
      .update(clients)
      .set({ notifyByEmail: input.on })
      .where(eq(clients.id, sessionOf(c).clientId));
    const message = input.on ? NOTIFICATION_MAIL_MESSAGES.on : NOTIFICATION_MAIL_MESSAGES.off;
    return { success: true, message, on: input.on };
  },
  loggedIn,
);
