import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  downloadPaths,
  type DefectStatement,
  type DiscussionAnswer,
  type HistoryItem,
  type Ticket,
} from '#shared/api/tickets.ts';
import {
  AGREED,
  countsTowardsCost,
  isOpenDiscussion,
  isOpenQuote,
  isUndecided,
} from '#shared/dictionaries/statement-decisions.ts';
import { clinicTicketStatus } from '#shared/dictionaries/ticket-decision-status.ts';
import { ticketStatusLabel } from '#shared/dictionaries/ticket-statuses.ts';
import { sumMoney } from '#shared/format/number/kopecks.ts';
import { formatServerTimestamp } from '#shared/format/server-timestamp.ts';
import type { Reader } from '#server/db/client.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { decisions, defectStatements, historyEntries, instruments } from '#server/db/schema/tickets.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { offices } from '#server/db/schema/places.ts';
import { requireVisibleTicket, type Viewer } from '#server/services/access/access.ts';
import { viewerMay } from '#server/services/access/levels.ts';
import { withoutPricesAndPoints } from '#shared/format/history-without-prices.ts';
import { historyItemOf } from '#server/services/notifications/list.ts';
import { officeOut } from '#server/services/places/offices.ts';
import { loadTicketRequest } from '#server/services/tickets/request.ts';
import { ticketVisits } from '#server/services/couriers/visits.ts';
import { discussionAnswers } from '#server/services/tickets/discussion-answers.ts';

// The ticket page (cabinet.md §2 Ticket page): one visible ticket with its office, statements
// (photos and documents as owner-only download links), instruments and total. A handful of
// queries per ticket, none per statement.

type StatementRow = typeof defectStatements.$inferSelect;

/** Original names of the photo files, by id; a photo id with no stored file is left out. */
async function photoNames(db: Reader, statements: StatementRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(statements.flatMap((s) => s.photoFileIds))].filter(
    (id) => Number.isSafeInteger(id) && id > 0,
  );
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: files.id, name: files.originalName }).from(files).where(inArray(files.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The decision kind that sets each `agreed` code (decisions.ts). */
const KIND_OF_AGREED: Readonly<Record<number, (typeof decisions.$inferSelect)['kind']>> = {
  [AGREED.approved]: 'approved',
  [AGREED.rejected]: 'rejected',
  [AGREED.discussed]: 'discussed',
  [AGREED.tradeIn]: 'trade_in',
};

/**
 * What came with each statement's current decision, by statement id: what the clinic wrote (a
 * discussion's question, a rejection's reason), or a trade-in's new instrument and price; from the
 * newest decision, if it is the kind `agreed` says (the back office may have reset a discussion since).
 */
interface DecisionComment {
  comment: string | null;
  /** Who wrote it, when not the viewer: a colleague with access, or the owner a colleague reads. */
  author: string | null;
  /** A trade-in as agreed: the instrument's title and its price with the trade-in. */
  tradeIn: { name: string; sum: string } | null;
}

async function decisionComments(
  db: Reader,
  viewerId: number,
  statements: StatementRow[],
): Promise<Map<number, DecisionComment>> {
  const decided = statements.filter((s) => !isUndecided(s));
  if (decided.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([decisions.defectStatementId], {
      statementId: decisions.defectStatementId,
      kind: decisions.kind,
      comment: decisions.comment,
      clientId: decisions.clientId,
      tradeInTitle: decisions.tradeInTitle,
      tradeInPrice: decisions.tradeInPrice,
    })
    .from(decisions)
    .where(
      inArray(
        decisions.defectStatementId,
        decided.map((s) => s.id),
      ),
    )
    .orderBy(decisions.defectStatementId, desc(decisions.createdAt), desc(decisions.id));
  const agreedOf = new Map(decided.map((s) => [s.id, s.agreed]));
  const current = rows.filter(
    (row) =>
      (row.comment || row.tradeInTitle !== null) &&
      KIND_OF_AGREED[agreedOf.get(row.statementId) ?? AGREED.none] === row.kind,
  );
  const others = [
    ...new Set(
      current
        .filter((row) => row.comment)
        .map((row) => row.clientId)
        .filter((id) => id !== viewerId),
    ),
  ];
  const people =
    others.length === 0
      ? []
      : await db
          .select({ id: clients.id, name: clients.name, surname: clients.surname, email: clients.email })
          .from(clients)
          .where(inArray(clients.id, others));
  const nameOf = new Map(
    people.map((person) => [person.id, `${person.name} ${person.surname}`.trim() || person.email]),
  );
  return new Map(
    current.map((row) => [
      row.statementId,
      {
        comment: row.comment || null,
        author: !row.comment || row.clientId === viewerId ? null : (nameOf.get(row.clientId) ?? null),
        tradeIn:
          row.kind === 'trade_in' && row.tradeInTitle !== null && row.tradeInPrice !== null
            ? { name: row.tradeInTitle, sum: row.tradeInPrice }
            : null,
      },
    ]),
  );
}

function statementOut(
  row: StatementRow,
  names: Map<number, string>,
  comments: Map<number, DecisionComment>,
  answers: Map<number, DiscussionAnswer>,
  prices: boolean,
): DefectStatement {
  return {
    id: row.id,
    ticket_id: row.ticketId,
    series: row.series,
    status: row.status,
    type: row.type,
    name: row.name,
    defect: row.defect,
    conclusion: row.conclusion,
    // The statement's document is the priced quote (services/access/access.ts privateUsesOfFile).
    download_link: row.documentFileId === null || !prices ? null : downloadPaths.file(row.documentFileId),
    id_1c: row.id1c,
    photos: row.photoFileIds
      .filter((id) => names.has(id))
      .map((id) => ({ id, relativeUrl: downloadPaths.file(id), original_name: names.get(id)! })),
    departure: row.departure,
    sum: prices ? row.sum : null,
    agreed: row.agreed,
    trade_is_enabled: row.tradeIsEnabled,
    version: row.version,
    decision_comment: comments.get(row.id)?.comment ?? null,
    decision_author: comments.get(row.id)?.author ?? null,
    trade_in: tradeInAsSeen(comments.get(row.id)?.tradeIn ?? null, prices),
    // The service centre's answer is about the quote and may name its price (ADR 0054).
    answer: prices ? (answers.get(row.id) ?? null) : null,
  };
}

/** The new instrument chosen, its price only for a level that sees prices (issue 41). */
const tradeInAsSeen = (tradeIn: { name: string; sum: string } | null, prices: boolean) =>
  tradeIn && (prices ? tradeIn : { ...tradeIn, sum: null });

export async function loadTicket(db: Reader, viewer: Viewer, ticketId: number): Promise<Ticket> {
  const viewerId = viewer.clientId;
  const ticket = await requireVisibleTicket(db, viewer, ticketId);
  const prices = viewerMay(viewer, ticket.clientId, 'prices');
  const [officeRows, statementRows, instrumentRows, request, visits] = await Promise.all([
    ticket.officeId === null
      ? Promise.resolve([])
      : db.select().from(offices).where(eq(offices.id, ticket.officeId)).limit(1),
    db
      .select()
      .from(defectStatements)
      .where(eq(defectStatements.ticketId, ticket.id))
      .orderBy(asc(defectStatements.id)),
    db.select().from(instruments).where(eq(instruments.ticketId, ticket.id)).orderBy(asc(instruments.id)),
    loadTicketRequest(db, ticket.id),
    ticketVisits(db, ticket.id),
  ]);
  const [names, comments, answers] = await Promise.all([
    photoNames(db, statementRows),
    decisionComments(db, viewerId, statementRows),
    discussionAnswers(
      db,
      statementRows.map((row) => row.id),
    ),
  ]);
  const office = officeRows[0];
  const status = clinicTicketStatus(ticket, {
    total: statementRows.length,
    undecided: statementRows.filter(isOpenQuote).length,
    goAhead: statementRows.filter((s) => s.agreed === AGREED.approved || s.agreed === AGREED.tradeIn).length,
    discussed: statementRows.filter(isOpenDiscussion).length,
  });
  return {
    id: ticket.id,
    status: ticketStatusLabel(status),
    status_code: status,
    created_at: formatServerTimestamp(ticket.createdAt),
    // The works that will be done: a rejected or exchanged quote is no longer part of the cost.
    cost: prices ? sumMoney(statementRows.filter(countsTowardsCost).map((s) => s.sum)) : null,
    hasDefects: statementRows.length > 0,
    finished: ticket.finished,
    shippingOrder:
      ticket.providerOrderId === null
        ? null
        : {
            tracking_link: ticket.trackingLink,
            provider_order_id: ticket.providerOrderId,
            waybill_url: ticket.waybillFileId === null ? null : downloadPaths.waybill(ticket.providerOrderId),
          },
    pdf_url: downloadPaths.ticketPdf(ticket.id),
    office: office ? officeOut(office) : null,
    defective_lists: statementRows.map((row) => statementOut(row, names, comments, answers, prices)),
    instruments: instrumentRows.map((row) => ({
      id: row.id,
      serial_number: row.serialNumber,
      status: row.status,
      type: row.type,
      description: row.description,
      name: row.name,
      guarantee: row.guarantee,
    })),
    request,
    courier_visits: visits,
  };
}

/** The ticket's history panel, oldest first. */
export async function loadTicketHistory(db: Reader, viewer: Viewer, ticketId: number): Promise<HistoryItem[]> {
  const ticket = await requireVisibleTicket(db, viewer, ticketId);
  const rows = await db
    .select()
    .from(historyEntries)
    .where(eq(historyEntries.ticketId, ticket.id))
    .orderBy(asc(historyEntries.createdAt), asc(historyEntries.id));
  const items = rows.map(historyItemOf);
  // 'Только заявки' reads the history without its prices and points (ADR 0049).
  return viewerMay(viewer, ticket.clientId, 'prices') ? items : withoutPricesAndPoints(items);
}
