import { and, eq, inArray, isNotNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Reader } from '#server/db/client.ts';
import { addresses } from '#server/db/schema/places.ts';
import { bills, defectStatements, tickets } from '#server/db/schema/tickets.ts';
import { files, repairRequests } from '#server/db/schema/repair-requests.ts';
import { stops } from '#server/db/schema/couriers.ts';
import { gifts, quizItems, quizzes, tradeInInstruments } from '#server/db/schema/loyalty.ts';
import { siteBanner } from '#server/db/schema/notifications.ts';
import { ApiFailure, NOT_FOUND_MESSAGE, notFound } from '#server/lib/api-failure.ts';
import { levelGives, levelRefusalMessage, type AccessScope } from '#shared/screens/access-levels.ts';
import { ACCESS_LEVEL_REFUSAL } from '#shared/api/endpoint.ts';
import { levelFrom, viewerMay, type Viewer } from '#server/services/access/levels.ts';

export type { Viewer };

// Services answer what they may not show with these (re-exported so they keep one import).
export { NOT_FOUND_MESSAGE, notFound };

// The one place that decides whose tickets, statements, files, bills, history and addresses an account sees.
// An account sees its own and those of the accounts that granted it access (cabinet.md §2 Accesses,
// account_accesses), as far as each grant's level gives the call's scope (levels.ts, ADR 0049), here
// and nowhere else; a revoked access or a lowered level counts from the next request.
// Whatever is not visible is answered exactly like something that does not exist: 404, no data. A
// record of a clinic that gave the viewer a level without this call's scope is a 403 that says so.

/** The client ids whose records this call may show: the viewer's own, and those its grants' levels allow. */
export function visibleOwners(viewer: Viewer): number[] {
  return [viewer.clientId, ...viewer.owners];
}

/** Every clinic the viewer has any access to, its own included: where a 404 ends and a 403 begins. */
function anyOwners(viewer: Viewer): number[] {
  return [viewer.clientId, ...viewer.grants.map((grant) => grant.ownerId)];
}

/**
 * Whether the viewer may reach a record of `ownerId` in this call (its scope, or `scope` when the
 * call needs another, like a bill's document through the files call): null when it may; a 404 when
 * the owner gave it no access (or the call serves no owner's records); the level's 403 otherwise.
 */
export function levelRefusal(viewer: Viewer, ownerId: number, scope?: AccessScope): ApiFailure | null {
  if (ownerId === viewer.clientId) return null;
  const level = levelFrom(viewer, ownerId);
  const needed = scope ?? (viewer.scope === 'own' || viewer.scope === 'files' ? null : viewer.scope);
  if (level === null || needed === null) return notFound();
  if (levelGives(level, needed)) return null;
  return new ApiFailure(403, {
    success: false,
    message: levelRefusalMessage(level, needed),
    details: { reason: ACCESS_LEVEL_REFUSAL, level },
  });
}

/** Throws levelRefusal's answer when there is one. */
export function requireLevel(viewer: Viewer, ownerId: number, scope?: AccessScope): void {
  const refusal = levelRefusal(viewer, ownerId, scope);
  if (refusal) throw refusal;
}

/** The condition that keeps a read to records of clinics the viewer has any access to. */
const ownerReachable = (ownerColumn: Column, viewer: Viewer) => inArray(ownerColumn, anyOwners(viewer));

/**
 * A record read under ownerReachable if this call may show it: a missing one is a 404, and one of
 * a clinic whose grant does not give the call's scope (or `scope`) is the level's 403.
 */
function visibleRecord<Row>(viewer: Viewer, row: Row | undefined, ownerId: (row: Row) => number, scope?: AccessScope) {
  if (!row) throw notFound();
  requireLevel(viewer, ownerId(row), scope);
  return row;
}

/** The ticket if the viewer may see it for this call; otherwise a 404 (or the level's 403). */
export async function requireVisibleTicket(db: Reader, viewer: Viewer, ticketId: number) {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), ownerReachable(tickets.clientId, viewer)))
    .limit(1);
  return visibleRecord(viewer, row, (ticket) => ticket.clientId);
}

/** The statements (with their ticket's owner) if every one is visible and on the given ticket; else 404. */
export async function requireVisibleStatements(db: Reader, viewer: Viewer, ticketId: number, statementIds: number[]) {
  const ticket = await requireVisibleTicket(db, viewer, ticketId);
  const unique = [...new Set(statementIds)];
  const rows = await db
    .select()
    .from(defectStatements)
    .where(and(eq(defectStatements.ticketId, ticket.id), inArray(defectStatements.id, unique)));
  if (rows.length !== unique.length) throw notFound();
  return { ticket, statements: rows };
}

/** A statement by id alone (e.g. its loyalty info), if visible; else 404. */
export async function requireVisibleStatement(db: Reader, viewer: Viewer, statementId: number) {
  const [row] = await db
    .select({ statement: defectStatements, ticket: tickets })
    .from(defectStatements)
    .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
    .where(and(eq(defectStatements.id, statementId), ownerReachable(tickets.clientId, viewer)))
    .limit(1);
  return visibleRecord(viewer, row, (found) => found.ticket.clientId);
}

export async function requireVisibleBill(db: Reader, viewer: Viewer, billId: number) {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.id, billId), ownerReachable(bills.clientId, viewer)))
    .limit(1);
  return visibleRecord(viewer, row, (bill) => bill.clientId, 'bills');
}

/**
 * One of the viewer's own saved addresses, locked for the change that follows; else 404. Addresses
 * are not shared with accounts that were granted access: they stay the owner's alone.
 */
export async function requireOwnAddress(db: Reader, viewerId: number, addressId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.clientId, viewerId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Whether a stored file belongs to something the viewer sees: a statement's document or photo, a
 * ticket's courier waybill or a clinic's upload (a ticket's, for the level), a bill's document (a
 * bill's), or a catalogue picture (gift, trade-in instrument) or the active banner's picture, which
 * every logged-in account sees. A file is public only while nothing private uses it: the same
 * upload as a catalogue picture and as a clinic's bill stays that clinic's. Files are never listed,
 * only reached this way.
 */
export async function canSeeFile(db: Reader, viewer: Viewer, fileId: number): Promise<boolean> {
  const uses = await privateUsesOfFile(db, fileId);
  if (uses.length > 0) return uses.some((use) => viewerMay(viewer, use.clientId, use.scope));
  return (await isCatalogueImage(db, fileId)) || (await isBannerImage(db, fileId));
}

/**
 * Whether anyone, a guest included, may fetch the file: only the active banner's picture (portal.md
 * §2.3), and only while nothing private uses the same upload.
 */
export async function isPublicFile(db: Reader, fileId: number): Promise<boolean> {
  if (!(await isBannerImage(db, fileId))) return false;
  return (await privateUsesOfFile(db, fileId)).length === 0;
}

/** Whether a private record (a clinic's statement, bill, waybill or upload) uses the file. */
export async function isPrivateFile(db: Reader, fileId: number): Promise<boolean> {
  return (await privateUsesOfFile(db, fileId)).length > 0;
}

/** The picture of the banner the site shows now; an inactive banner's picture is nobody's to see. */
async function isBannerImage(db: Reader, fileId: number): Promise<boolean> {
  const [banner] = await db
    .select({ id: siteBanner.id })
    .from(siteBanner)
    .where(and(eq(siteBanner.imageFileId, fileId), eq(siteBanner.isActive, true)))
    .limit(1);
  return Boolean(banner);
}

/** The clients whose statements, bills or tickets use the file, and as what: a ticket's or a bill's. */
async function privateUsesOfFile(db: Reader, fileId: number): Promise<{ clientId: number; scope: AccessScope }[]> {
  const statements = await db
    .select({ clientId: tickets.clientId })
    .from(defectStatements)
    .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
    .where(sql`${defectStatements.photoFileIds} @> ${JSON.stringify([fileId])}::jsonb`);
  // A statement's document is the service centre's quote, priced: the portal cannot cut its sums as
  // it cuts the ticket's PDF, so it is for the levels that see prices (issue 41).
  const quotes = await db
    .select({ clientId: tickets.clientId })
    .from(defectStatements)
    .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
    .where(eq(defectStatements.documentFileId, fileId));
  const billRows = await db.select({ clientId: bills.clientId }).from(bills).where(eq(bills.documentFileId, fileId));
  const waybills = await db
    .select({ clientId: tickets.clientId })
    .from(tickets)
    .where(eq(tickets.waybillFileId, fileId));
  // A clinic's own upload (a repair request's photo), whether or not a ticket names it yet.
  const uploads = await db
    .select({ clientId: files.ownerClientId })
    .from(files)
    .where(and(eq(files.id, fileId), isNotNull(files.ownerClientId)));
  // The courier's photo of a hand-over (stop.done) is the clinic's whose ticket it was.
  const handOvers = await db
    .select({ clientId: tickets.clientId })
    .from(stops)
    .innerJoin(tickets, eq(tickets.id, stops.ticketId))
    .where(sql`${stops.outcome}->'photo_file_ids' @> ${JSON.stringify([fileId])}::jsonb`);
  // A request's photos are the ticket's clinic's too (a colleague's request made for it, ADR 0049).
  const requestPhotos = await db
    .select({ clientId: tickets.clientId })
    .from(repairRequests)
    .innerJoin(tickets, eq(tickets.id, repairRequests.ticketId))
    .where(sql`${repairRequests.fileIds} @> ${JSON.stringify([fileId])}::jsonb`);
  const ticketUses = [...statements, ...waybills, ...uploads, ...handOvers, ...requestPhotos]
    .map((row) => row.clientId)
    .filter((id): id is number => id !== null)
    .map((clientId) => ({ clientId, scope: 'tickets' as const }));
  return [
    ...ticketUses,
    ...quotes.map((row) => ({ clientId: row.clientId, scope: 'prices' as const })),
    ...billRows.map((row) => ({ clientId: row.clientId, scope: 'bills' as const })),
  ];
}

/** Gift, trade-in and survey pictures are public catalogue images, not anybody's records. */
async function isCatalogueImage(db: Reader, fileId: number): Promise<boolean> {
  const [gift] = await db.select({ id: gifts.id }).from(gifts).where(eq(gifts.imageFileId, fileId)).limit(1);
  if (gift) return true;
  if (await isQuizImage(db, fileId)) return true;
  const [instrument] = await db
    .select({ id: tradeInInstruments.id })
    .from(tradeInInstruments)
    .where(or(eq(tradeInInstruments.listImageFileId, fileId), eq(tradeInInstruments.pageImageFileId, fileId)))
    .limit(1);
  return Boolean(instrument);
}

/**
 * `column` belongs to one of `owners`; a plain equality for one owner, so list queries stay ordered
 * index scans. `bind` may turn each owner into a named placeholder of a prepared query (services/tickets/list.ts).
 */
export function ownedBy(
  column: typeof tickets.clientId | typeof bills.clientId,
  owners: number[],
  bind: (name: string, value: number) => unknown = (_name, value) => value,
): SQL {
  if (owners.length === 1) return sql`${column} = ${bind('owner0', owners[0]!)}`;
  return sql`${column} in (${sql.join(
    owners.map((owner, i) => sql`${bind(`owner${i}`, owner)}`),
    sql`, `,
  )})`;
}

/** The WHERE condition of list queries: bills the viewer sees. */
export function visibleBillsCondition(viewer: Viewer): SQL {
  return ownedBy(bills.clientId, visibleOwners(viewer));
}

/** The visible ticket whose shipping order is `providerOrderId` and has a courier waybill; else 404. */
export async function requireVisibleWaybillTicket(db: Reader, viewer: Viewer, providerOrderId: string) {
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.providerOrderId, providerOrderId),
        isNotNull(tickets.waybillFileId),
        ownerReachable(tickets.clientId, viewer),
      ),
    )
    .orderBy(sql`${tickets.id} desc`)
    .limit(1);
  return visibleRecord(viewer, row, (ticket) => ticket.clientId);
}

/** A bonus survey's picture, or one of its answer items' (portal.md §3 Quiz): shown to every clinic offered it. */
async function isQuizImage(db: Reader, fileId: number): Promise<boolean> {
  const [quiz] = await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.imageFileId, fileId)).limit(1);
  if (quiz) return true;
  const [item] = await db
    .select({ id: quizItems.id })
    .from(quizItems)
    .where(eq(quizItems.imageFileId, fileId))
    .limit(1);
  return Boolean(item);
}
