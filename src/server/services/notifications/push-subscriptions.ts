import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { pushSubscriptions } from '#server/db/schema/notifications.ts';
import { removeSubscriptions } from '#server/services/notifications/deliveries.ts';

// This device's Web Push subscription, per account (ADR 0019). An endpoint is one browser profile:
// saved again it moves to the account that saved it last (a shared device after a change of login).

/** Devices one account may have; the oldest goes when a new one comes beyond it. */
const MAX_SUBSCRIPTIONS = 20;

export async function saveSubscription(
  db: Db,
  clientId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = {
      clientId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      createdAt: now,
    };
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { clientId, p256dh: values.p256dh, auth: values.auth },
      });
    const all = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.clientId, clientId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const surplus = all.slice(0, Math.max(0, all.length - MAX_SUBSCRIPTIONS)).map((row) => row.id);
    await removeSubscriptions(tx, surplus, now);
  });
}

/** Removes the account's own subscription with this endpoint; another account's is left alone. */
export async function removeSubscription(db: Db, clientId: number, endpoint: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.clientId, clientId), eq(pushSubscriptions.endpoint, endpoint)));
    await removeSubscriptions(
      tx,
      rows.map((row) => row.id),
      now,
    );
  });
}
