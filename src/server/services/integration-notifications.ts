import type { CreateNotificationInput } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { addNotification } from '#server/services/notifications.ts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { requireClient } from '#server/services/integration-refs.ts';

/** A notification links only to a ticket of the clinic it is for: another clinic's would leak nothing but mislead. */
async function requireClientTicket(tx: Tx, clientId: number, ticketId: number): Promise<void> {
  const [row] = await tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, ticketId), eq(tickets.clientId, clientId))).limit(1);
  if (!row) throw fieldFailure('ticket_id', 'У этого клиента нет такой заявки');
}

/** POST /notifications: an unread notification for the clinic, with its event. */
export async function createNotification(deps: AppDeps, input: CreateNotificationInput): Promise<{ id: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    await requireClient(tx, input.client_id);
    const ticketId = input.ticket_id ?? undefined;
    if (ticketId !== undefined) await requireClientTicket(tx, input.client_id, ticketId);
    return { id: await addNotification(tx, { clientId: input.client_id, description: input.description, createdAt: now, ...(ticketId === undefined ? {} : { ticketId }) }) };
  });
}
