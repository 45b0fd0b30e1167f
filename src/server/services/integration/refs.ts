import { and, eq, inArray } from 'drizzle-orm';
import { integrationMessages } from '#shared/api/integration.ts';
import type { Tx } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { offices } from '#server/db/schema/places.ts';
import { tickets } from '#server/db/schema/tickets.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { lockClient } from '#server/db/client-lock.ts';

// Checks the back-office calls share: ids in the path (404 when unknown) and ids in the body
// (422 on the field that names them, since the body, not the URL, is what is wrong).

/**
 * The client exists (a clinic's account: a courier is none) and is locked for this transaction (points.ts `lockClient`, the portal's lock:
 * `for no key update`, ADR 0006/0008), else 422 on `field`. Writers that check something about a
 * client's rows (points balance, bill numbers) run one at a time per client.
 */
export async function requireClient(tx: Tx, clientId: number, field = 'client_id'): Promise<void> {
  if (!(await lockClient(tx, clientId, true))) throw fieldFailure(field, integrationMessages.clientNotFound);
}

export async function requireOffice(tx: Tx, officeId: number | null | undefined, field = 'office_id'): Promise<void> {
  if (officeId === null || officeId === undefined) return;
  const [row] = await tx.select({ id: offices.id }).from(offices).where(eq(offices.id, officeId)).limit(1);
  if (!row) throw fieldFailure(field, integrationMessages.officeNotFound);
}

/** The ticket is the client's own, else 422 on `field`: another clinic's would leak nothing but mislead. */
export async function requireClientTicket(
  tx: Tx,
  clientId: number,
  ticketId: number,
  field = 'ticket_id',
): Promise<void> {
  const [row] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.clientId, clientId)))
    .limit(1);
  if (!row) throw fieldFailure(field, integrationMessages.ticketNotOfClient);
}

/** Every id names a stored file, else 422 on `field`. Null/undefined/empty are fine (nothing referenced). */
export async function requireFiles(
  tx: Tx,
  ids: ReadonlyArray<number | null | undefined> | number | null | undefined,
  field: string,
): Promise<void> {
  const list = (Array.isArray(ids) ? ids : [ids]).filter((id): id is number => typeof id === 'number');
  if (list.length === 0) return;
  const unique = [...new Set(list)];
  const rows = await tx.select({ id: files.id }).from(files).where(inArray(files.id, unique));
  if (rows.length !== unique.length) throw fieldFailure(field, integrationMessages.fileNotFound);
}
