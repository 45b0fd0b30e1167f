import type { Tx } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { notifications } from '#server/db/schema.ts';

/** An unread in-app notification for the clinic, with its `notification.created` event, in the caller's transaction. */
export async function addNotification(tx: Tx, notification: { clientId: number; description: string; createdAt: Date }): Promise<number> {
  const [row] = await tx.insert(notifications).values(notification).returning({ id: notifications.id });
  if (!row) throw new Error('notification was not inserted');
  await recordEvent(tx, { type: 'notification.created', clientId: notification.clientId, payload: { notification_id: row.id }, createdAt: notification.createdAt });
  return row.id;
}
