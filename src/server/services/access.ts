import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { bills, defectStatements, tickets } from '#server/db/schema.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';

// The one place that decides whose tickets, statements, files, bills and history an account sees.
// Today an account sees its own; access sharing (cabinet.md §Accesses) will add the accounts that
// granted it access, here and nowhere else. Whatever is not visible is answered exactly like
// something that does not exist: 404, no data.

type Reader = Db | Tx;

export const NOT_FOUND_MESSAGE = 'Не найдено';

export function notFound(): ApiFailure {
  return new ApiFailure(404, { success: false, message: NOT_FOUND_MESSAGE });
}

/** The client ids whose records `viewerId` may see. */
export async function visibleClientIds(_db: Reader, viewerId: number): Promise<number[]> {
  return [viewerId];
}

/** The ticket if the viewer may see it; otherwise a 404 failure. */
export async function requireVisibleTicket(db: Reader, viewerId: number, ticketId: number) {
  const owners = await visibleClientIds(db, viewerId);
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), inArray(tickets.clientId, owners)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The statements (with their ticket's owner) if every one is visible and on the given ticket; else 404. */
export async function requireVisibleStatements(db: Reader, viewerId: number, ticketId: number, statementIds: number[]) {
  const ticket = await requireVisibleTicket(db, viewerId, ticketId);
  const unique = [...new Set(statementIds)];
  const rows = await db
    .select()
    .from(defectStatements)
    .where(and(eq(defectStatements.ticketId, ticket.id), inArray(defectStatements.id, unique)));
  if (rows.length !== unique.length) throw notFound();
  return { ticket, statements: rows };
}

/** A statement by id alone (e.g. its loyalty info), if visible; else 404. */
export async function requireVisibleStatement(db: Reader, viewerId: number, statementId: number) {
  const owners = await visibleClientIds(db, viewerId);
  const [row] = await db
    .select({ statement: defectStatements, ticket: tickets })
    .from(defectStatements)
    .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
    .where(and(eq(defectStatements.id, statementId), inArray(tickets.clientId, owners)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function requireVisibleBill(db: Reader, viewerId: number, billId: number) {
  const owners = await visibleClientIds(db, viewerId);
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.id, billId), inArray(bills.clientId, owners)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Whether a stored file belongs to something the viewer sees: a statement's document or photo, a
 * bill's document, or a ticket's courier waybill. Files are never listed, only reached this way.
 */
export async function canSeeFile(db: Reader, viewerId: number, fileId: number): Promise<boolean> {
  const owners = await visibleClientIds(db, viewerId);
  const [statement] = await db
    .select({ id: defectStatements.id })
    .from(defectStatements)
    .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
    .where(
      and(
        inArray(tickets.clientId, owners),
        or(eq(defectStatements.documentFileId, fileId), sql`${defectStatements.photoFileIds} @> ${JSON.stringify([fileId])}::jsonb`),
      ),
    )
    .limit(1);
  if (statement) return true;
  const [bill] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(inArray(bills.clientId, owners), eq(bills.documentFileId, fileId)))
    .limit(1);
  if (bill) return true;
  const [waybill] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(inArray(tickets.clientId, owners), eq(tickets.waybillFileId, fileId)))
    .limit(1);
  return Boolean(waybill);
}
