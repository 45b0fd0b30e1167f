import type { CreateNotificationInput } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { recordEvent } from '#server/db/journal.ts';
import { notifications } from '#server/db/schema.ts';
import { requireClient } from '#server/services/integration-refs.ts';

/** POST /notifications: an unread notification for the clinic, with its event. */
export async function createNotification(deps: AppDeps, input: CreateNotificationInput): Promise<{ id: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    await requireClient(tx, input.client_id);
    const [row] = await tx
      .insert(notifications)
      .values({ clientId: input.client_id, description: input.description, createdAt: now })
      .returning({ id: notifications.id });
    if (!row) throw new Error('notification was not inserted');
    await recordEvent(tx, {
      type: 'notification.created',
      clientId: input.client_id,
      payload: { notification_id: row.id },
      createdAt: now,
    });
    return { id: row.id };
  });
}
