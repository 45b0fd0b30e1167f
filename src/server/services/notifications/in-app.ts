import type { Tx } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { enqueueNotificationDeliveries } from '#server/services/notifications/deliveries.ts';

/** The page a tap on the notification outside the app opens: its ticket, or the notifications page. */
function pageOf(ticketId: number | null | undefined): string {
  return ticketId == null ? '/cabinet/notifications' : `/cabinet/tickets/${ticketId}`;
}

/**
 * An unread in-app notification for the clinic, with its `notification.created` event and one outbox
 * row per outside channel (linked Telegram chat, Web Push subscriptions; ADR 0019), all in the
 * caller's transaction: sending happens later, in the delivery loop, so no channel can hold it up.
 */
export async function addNotification(
  tx: Tx,
  notification: { clientId: number; description: string; createdAt: Date; ticketId?: number | null },
): Promise<number> {
  const { ticketId } = notification;
  const [row] = await tx
    .insert(notifications)
    .values({ ...notification, ticketId: ticketId ?? null })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification was not inserted');
  await recordEvent(tx, {
    type: 'notification.created',
    clientId: notification.clientId,
    payload: { notification_id: row.id },
    createdAt: notification.createdAt,
  });
  await enqueueNotificationDeliveries(tx, {
    notificationId: row.id,
    clientId: notification.clientId,
    text: notification.description,
    url: pageOf(ticketId),
    at: notification.createdAt,
  });
  return row.id;
}
