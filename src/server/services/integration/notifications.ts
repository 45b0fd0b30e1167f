import type { CreateNotificationInput } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { requireClient, requireClientTicket } from '#server/services/integration/refs.ts';

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
      }),
    };
  });
}
