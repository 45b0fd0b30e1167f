import type { CreateNotificationInput } from '#shared/api/integration.ts';
import type { NotificationTopic } from '#shared/screens/access-levels.ts';
import type { AppDeps } from '#server/context.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { requireClient, requireClientTicket } from '#server/services/integration/refs.ts';

/**
 * Which of the clinic's colleagues get it too (ADR 0054): the topic the back office names; about a
 * ticket without one, it may name a price, so only those who see prices ('Заявки и согласования');
 * about nothing named, the clinic's alone.
 */
function topicOf(input: CreateNotificationInput): NotificationTopic | null {
  return input.topic ?? (input.ticket_id === null ? null : 'decision');
}

/** POST /notifications: an unread notification for the clinic (about one of its tickets, if named), with its event. */
export async function createNotification(deps: AppDeps, input: CreateNotificationInput): Promise<{ id: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    await requireClient(tx, input.client_id);
    if (input.ticket_id !== null) await requireClientTicket(tx, input.client_id, input.ticket_id);
    return {
      id: await addNotification(tx, {
        clientId: input.client_id,
        description: input.description,
        createdAt: now,
        ticketId: input.ticket_id,
        topic: topicOf(input),
      }),
    };
  });
}
