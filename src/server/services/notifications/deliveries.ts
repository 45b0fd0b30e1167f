import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { notificationDeliveries, pushSubscriptions } from '#server/db/schema/notifications.ts';
import type { SendOutcome } from '#server/delivery/outcome.ts';
import { nextDeliveryDelay } from '#server/services/notifications/delivery-backoff.ts';

// The outbox of deliveries outside the app (ADR 0019). Rows are written in the transaction of what
// they tell (a notification, or the bot's answer to a chat) and sent later by the delivery loop;
// a sender claims rows atomically, so several API processes on one PostgreSQL never send one twice.

export type Delivery = typeof notificationDeliveries.$inferSelect;

/** How long a claim holds: longer than a send can take; a crashed sender's rows come free after it. */
const CLAIM_MS = 60_000;

/** One row per channel of the clinic: its linked Telegram chat and each Web Push subscription. */
export async function enqueueNotificationDeliveries(
  tx: Tx,
  notification: { notificationId: number; clientId: number; text: string; url: string; at: Date },
): Promise<void> {
  const [client] = await tx
    .select({ chatId: clients.telegramChatId, byEmail: clients.notifyByEmail })
    .from(clients)
    .where(eq(clients.id, notification.clientId));
  const subscriptions = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.clientId, notification.clientId));
  const common = {
    notificationId: notification.notificationId,
    text: notification.text,
    url: notification.url,
    nextAttemptAt: notification.at,
    createdAt: notification.at,
  };
  const rows: (typeof notificationDeliveries.$inferInsert)[] = [
    ...(client?.chatId ? [{ ...common, channel: 'telegram' as const, telegramChatId: client.chatId }] : []),
    ...subscriptions.map((subscription) => ({
      ...common,
      channel: 'push' as const,
      pushSubscriptionId: subscription.id,
    })),
    // The address is read when the mail goes: nothing secret, so nothing sealed (ADR 0045).
    ...(client?.byEmail ? [{ ...common, channel: 'email' as const, mailKind: 'notification' }] : []),
  ];
  if (rows.length > 0) await tx.insert(notificationDeliveries).values(rows);
}

/** The bot's answer to a chat (linked, unknown link, help), sent like a notification. */
export async function enqueueChatAnswer(db: Db | Tx, chatId: string, text: string, at: Date): Promise<void> {
  await db.insert(notificationDeliveries).values({
    channel: 'telegram',
    telegramChatId: chatId,
    text,
    url: '/cabinet/notifications',
    nextAttemptAt: at,
    createdAt: at,
  });
}

/**
 * Claims up to `limit` rows that are due and not claimed by another sender; each claim counts as a
 * try. `channel` narrows it to one channel (the tests' mail drain).
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  limit: number,
  channel?: Delivery['channel'],
): Promise<Delivery[]> {
  const due = db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.state, 'pending'),
        lte(notificationDeliveries.nextAttemptAt, now),
        or(isNull(notificationDeliveries.lockedUntil), lt(notificationDeliveries.lockedUntil, now)),
        channel === undefined ? undefined : eq(notificationDeliveries.channel, channel),
      ),
    )
    .orderBy(asc(notificationDeliveries.nextAttemptAt), asc(notificationDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notificationDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${notificationDeliveries.attempts} + 1` })
    .where(inArray(notificationDeliveries.id, due))
    .returning();
}

/**
 * Writes down what the try came to; a chat or subscription that is gone is unlinked with it.
 * Resolves to whether the row is finished. A finished mail's sealed message is deleted with it.
 */
export async function recordOutcome(db: Db, delivery: Delivery, outcome: SendOutcome, now: Date): Promise<boolean> {
  const row = eq(notificationDeliveries.id, delivery.id);
  const finished = { doneAt: now, lockedUntil: null, mailBody: null };
  if (outcome.kind === 'sent') {
    await db
      .update(notificationDeliveries)
      .set({ state: 'sent', ...finished, lastError: null })
      .where(row);
    return true;
  }
  const lastError = outcome.reason.slice(0, 500);
  if (outcome.kind === 'retry') {
    const delay = nextDeliveryDelay(delivery.attempts, outcome.retryAfterMs);
    await db
      .update(notificationDeliveries)
      .set(
        delay === null
          ? { state: 'failed', ...finished, lastError }
          : { nextAttemptAt: new Date(now.getTime() + delay), lockedUntil: null, lastError },
      )
      .where(row);
    return delay === null;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(notificationDeliveries)
      .set({ state: outcome.kind === 'gone' ? 'dropped' : 'failed', ...finished, lastError })
      .where(row);
    if (outcome.kind !== 'gone') return;
    if (delivery.telegramChatId) await unlinkChat(tx, delivery.telegramChatId, now);
    if (delivery.pushSubscriptionId !== null) await removeSubscriptions(tx, [delivery.pushSubscriptionId], now);
  });
  return true;
}

/** The chat gets nothing more: no account has it, and what waited for it is dropped. */
export async function unlinkChat(tx: Tx, chatId: string, now: Date): Promise<void> {
  await tx.update(clients).set({ telegramChatId: null }).where(eq(clients.telegramChatId, chatId));
  await tx
    .update(notificationDeliveries)
    .set({ state: 'dropped', doneAt: now, lastError: 'chat unlinked' })
    .where(
      and(
        eq(notificationDeliveries.telegramChatId, chatId),
        eq(notificationDeliveries.state, 'pending'),
        isNull(notificationDeliveries.lockedUntil),
      ),
    );
}

/** Deletes subscriptions; what waited for them is dropped (and keeps its record, without the link). */
export async function removeSubscriptions(tx: Tx, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(notificationDeliveries)
    .set({ state: 'dropped', doneAt: now, lastError: 'subscription removed' })
    .where(and(inArray(notificationDeliveries.pushSubscriptionId, ids), eq(notificationDeliveries.state, 'pending')));
  await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** The target of a push delivery, or null when its subscription is gone. */
export async function pushTargetOf(
  db: Db,
  subscriptionId: number | null,
): Promise<{ endpoint: string; p256dh: string; auth: string } | null> {
  if (subscriptionId === null) return null;
  const [row] = await db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId));
  return row ?? null;
}

/** How long a finished row is kept as a record of what was sent, dropped or given up. */
export const KEEP_FINISHED_MS = 30 * 24 * 60 * 60_000;

/** Deletes rows finished more than KEEP_FINISHED_MS ago; resolves to how many. */
export async function pruneFinishedDeliveries(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(notificationDeliveries)
    .where(
      and(
        ne(notificationDeliveries.state, 'pending'),
        lt(notificationDeliveries.doneAt, new Date(now.getTime() - KEEP_FINISHED_MS)),
      ),
    )
    .returning({ id: notificationDeliveries.id });
  return gone.length;
}
