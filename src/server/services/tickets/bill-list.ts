import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { downloadPaths } from '#shared/api/tickets.ts';
import { PAID_BILL_STATUS, type Bill, type BillPayment } from '#shared/screens/bills.ts';
import type { Payee } from '#shared/payment/requisites.ts';
import { serverDate } from '#shared/format/server-timestamp.ts';
import type { Reader } from '#server/db/client.ts';
import { billDefectStatements, bills, defectStatements } from '#server/db/schema/tickets.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { ownedBy, visibleOwners, type Viewer } from '#server/services/access/access.ts';
import { decodeIdCursor, encodeIdCursor } from '#server/services/keyset-cursor.ts';

// The bills list (cabinet.md §2 Bills): visible bills, newest first (by id, the order the back
// office sent them, on the bills(client_id, id desc) index), paged by keyset on id. Each bill's
// defect statements come in the same query as a JSON array.

export const BILLS_PAGE_SIZE = 50;

export interface BillFilter {
  client_id?: number | undefined;
  cursor?: string | undefined;
}

/**
 * The payment block of one bill (ADR 0028): with the payee configured, on every unpaid bill (a status
 * other than 'Оплачен'; null is 'Нет данных', not a debt to pay, as the unpaid count reads it). It rides on each row, not beside the list, so the saved list (IndexedDB, the worker's copy)
 * carries everything the QR needs offline; gzip folds the repeated requisites to a few bytes.
 */
function paymentOf(
  payee: Payee,
  row: {
    status: string | null;
    amountDocument: string;
    purpose: string | null;
    vat: string | null;
    paymentReportedAt: Date | null;
  },
): BillPayment | null {
  if (row.status === null || row.status === PAID_BILL_STATUS) return null;
  // Nothing to pay: no bank takes a payment order of 0.00.
  if (!/[1-9]/.test(row.amountDocument)) return null;
  return { payee, purpose: row.purpose, vat: row.vat, reported_at: row.paymentReportedAt?.toISOString() ?? null };
}

interface StatementRef {
  id_1c: string | null;
  created_at: string;
}

/** json_agg comes back parsed from one driver and as text from another. */
function statementRefs(value: unknown): StatementRef[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as StatementRef[]) : [];
}

export async function listBills(
  db: Reader,
  viewer: Viewer,
  filter: BillFilter,
  limit = BILLS_PAGE_SIZE,
  payee?: Payee,
): Promise<{ data: Bill[]; next_cursor: string | null }> {
  // One read of the visible owners serves both the condition and the 'only mine' check.
  const owners = visibleOwners(viewer);
  const where: SQL[] = [ownedBy(bills.clientId, owners)];
  if (filter.client_id !== undefined) {
    // Bills have no author: 'Только мои счета' is the bills whose owner is that account.
    if (!owners.includes(filter.client_id)) return { data: [], next_cursor: null };
    where.push(eq(bills.clientId, filter.client_id));
  }
  if (filter.cursor) where.push(lt(bills.id, decodeIdCursor(filter.cursor)));

  const page = db
    .select({
      id: bills.id,
      clientId: bills.clientId,
      id1c: bills.id1c,
      date: bills.date,
      status: bills.status,
      amountDocument: bills.amountDocument,
      documentFileId: bills.documentFileId,
      purpose: bills.purpose,
      vat: bills.vat,
      paymentReportedAt: bills.paymentReportedAt,
    })
    .from(bills)
    .where(and(...where))
    // Spelt as the bills(client_id, id desc) index is (DESC NULLS LAST), so the page is read off it.
    .orderBy(sql`${bills.id} desc nulls last`)
    .limit(limit + 1)
    .as('page');
  const rows = await db
    .select({
      id: page.id,
      id1c: page.id1c,
      date: page.date,
      status: page.status,
      amountDocument: page.amountDocument,
      documentFileId: page.documentFileId,
      purpose: page.purpose,
      vat: page.vat,
      paymentReportedAt: page.paymentReportedAt,
      email: clients.email,
      statements: sql<unknown>`(
        select coalesce(json_agg(json_build_object('id_1c', ${defectStatements.id1c}, 'created_at', ${defectStatements.createdAt}) order by ${defectStatements.id}), '[]'::json)
        from ${billDefectStatements} join ${defectStatements} on ${defectStatements.id} = ${billDefectStatements.defectStatementId}
        where ${billDefectStatements.billId} = ${page.id})`,
    })
    .from(page)
    .leftJoin(clients, eq(clients.id, page.clientId))
    .orderBy(sql`${page.id} desc nulls last`);

  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    data: pageRows.map((row) => ({
      id: row.id,
      date: row.date,
      id_1c: row.id1c,
      email: row.email ?? '',
      status: row.status,
      amount_document: row.amountDocument,
      document_url: row.documentFileId === null ? null : downloadPaths.bill(row.id),
      defective_lists: statementRefs(row.statements).map((s) => ({
        id_1c: s.id_1c,
        date: serverDate(new Date(s.created_at)),
      })),
      // Without PAYEE_* the rows stay as they were: no payment field at all.
      ...(payee ? { payment: paymentOf(payee, row) } : {}),
    })),
    next_cursor: rows.length > limit && last ? encodeIdCursor(last.id) : null,
  };
}
