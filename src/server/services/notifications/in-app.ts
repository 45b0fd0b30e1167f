import { eq } from 'drizzle-orm';
import { levelGives, TOPIC_SCOPES, type NotificationTopic } from '#shared/screens/access-levels.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { accountAccesses } from '#server/db/schema/accounts.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { enqueueNotificationDeliveries } from '#server/services/notifications/deliveries.ts';

/**
 * The page a tap on the notification outside the app opens: a courier's stop card (its route once the
 * stop has left it), else the ticket, else the notifications page.
 */
function pageOf({ ticketId, stop }: Pick<NewNotification, 'ticketId' | 'stop'>): string {
  if (stop) return stop.onRoute ? `/courier/stops/${stop.id}` : '/courier';
  return ticketId == null ? '/cabinet/notifications' : `/cabinet/tickets/${ticketId}`;
}

interface NewNotification {
  clientId: number;
  description: string;
  createdAt: Date;
  ticketId?: number | null;
  /** What it is about: the owner's colleagues whose level gives it get a copy (ADR 0054). None: the owner's alone. */
  topic?: NotificationTopic | null;
  /** A courier's notice about its day: the stop, and whether it is still on the courier's route. */
  stop?: { id: number; onRoute: boolean };
}

/**
 * An unread in-app notification for the clinic, with its `notification.created` event and one outbox
 * row per outside channel (linked Telegram chat, Web Push subscriptions; ADR 0019), all in the
 * caller's transaction: sending happens later, in the delivery loop, so no channel can hold it up.
 * With a topic, each colleague the clinic gave a level that covers it gets the same, on their own
 * channels (issue 41).
 */
export async function addNotification(tx: Tx, notification: NewNotification): Promise<number> {
  const { topic, stop, ...values } = notification;
  const [row] = await tx
    .insert(notifications)
    .values({ ...values, ticketId: values.ticketId ?? null, stopId: stop?.id ?? null })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification was not inserted');
  await recordEvent(tx, {
    type: 'notification.created',
    clientId: notification.clientId,
    payload: { notification_id: row.id },
    createdAt: notification.createdAt,
  });
  await enqueueDeliveries(tx, row.id, notification.clientId, notification);
  if (topic) await copyToColleagues(tx, row.id, { ...notification, topic });
  return row.id;
}

function enqueueDeliveries(tx: Tx, notificationId: number, clientId: number, notification: NewNotification) {
  return enqueueNotificationDeliveries(tx, {
    notificationId,
    clientId,
    text: notification.description,
    url: pageOf(notification),
    at: notification.createdAt,
  });
}

/**
 * The owner's notification for each colleague whose level, read now in this transaction, covers its
 * topic: a revoked or lowered access gets nothing new. The copy is the colleague's own (read, counted
 * and delivered on their channels) and tells the same; the feed keeps one `notification.created`, the
 * owner's (one change, one event: API.md). A copy already made is not made again (`notifications_copy_key`).
 */
async function copyToColleagues(
  tx: Tx,
  ownerNotificationId: number,
  notification: NewNotification & { topic: NotificationTopic },
): Promise<void> {
  const colleagues = await tx
    .select({ id: accountAccesses.granteeClientId, level: accountAccesses.level })
    .from(accountAccesses)
    .where(eq(accountAccesses.ownerClientId, notification.clientId))
    .orderBy(accountAccesses.granteeClientId);
  for (const colleague of colleagues) {
    if (!levelGives(colleague.level, TOPIC_SCOPES[notification.topic])) continue;
    const [copy] = await tx
      .insert(notifications)
      .values({
        clientId: colleague.id,
        description: notification.description,
        ticketId: notification.ticketId ?? null,
        createdAt: notification.createdAt,
        copyOf: ownerNotificationId,
      })
      .onConflictDoNothing({ target: [notifications.copyOf, notifications.clientId] })
      .returning({ id: notifications.id });
    if (copy) await enqueueDeliveries(tx, copy.id, colleague.id, notification);
  }
}
