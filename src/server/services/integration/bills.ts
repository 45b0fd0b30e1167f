import { and, eq, inArray } from 'drizzle-orm';
import { integrationMessages, type CreateBillInput, type PatchBillInput } from '#shared/api/integration.ts';
import { loyaltyMessages } from '#shared/api/loyalty.ts';
import { isKnownBillStatus, PAID_STATUS } from '#shared/dictionaries/bill-statuses.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import type { AppDeps, Logger } from '#server/context.ts';
import { recordEvent, recordHistory } from '#server/db/journal.ts';
import { billDefectStatements, bills, defectStatements, tickets } from '#server/db/schema/tickets.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { notFound } from '#server/services/access/access.ts';
import { requireClient, requireFiles } from '#server/services/integration/refs.ts';
import { accrueForBill } from '#server/services/loyalty/accrual.ts';

// Bills from the back office. A bill's number (id_1c) is unique per client: a retried POST is a
// 409, not a second bill the clinic would think it owes. The client row lock (requireClient)
// makes that check safe against two concurrent POSTs.

const PAID = PAID_STATUS;

/** Statuses this process has already warned about: one line per new text, not one per bill. */
const seenStatuses = new Set<string>();

/**
 * A status the portal has never seen is read as unpaid (cabinet.md §4); if the back office meant
 * paid by it, a clinic is asked to pay again, so the first one of each is logged for a person to look at.
 */
function warnNewStatus(log: Logger, status: string | null) {
  if (status === null || isKnownBillStatus(status) || seenStatuses.has(status)) return;
  seenStatuses.add(status);
  log.warn('bill status not known to the portal: shown to the clinic as unpaid', { status });
}

/** The payment's moment: the back office's `paid_at`, never later than now (422 otherwise). */
function paidAtOf(paidAt: string | undefined, now: Date): Date {
  if (paidAt === undefined) return now;
  const moment = new Date(paidAt);
  if (moment > now) throw fieldFailure('paid_at', loyaltyMessages.paidInFuture);
  return moment;
}

export async function createBill(deps: AppDeps, input: CreateBillInput): Promise<{ id: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    await requireClient(tx, input.client_id);
    const [taken] = await tx
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.clientId, input.client_id), eq(bills.id1c, input.id_1c)))
      .limit(1);
    if (taken) throw fieldFailure('id_1c', integrationMessages.billTaken, 409);
    const statementIds = [...new Set(input.defective_list_ids)];
    if (statementIds.length > 0) {
      const owned = await tx
        .select({ id: defectStatements.id })
        .from(defectStatements)
        .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
        .where(and(inArray(defectStatements.id, statementIds), eq(tickets.clientId, input.client_id)));
      if (owned.length !== statementIds.length)
        throw fieldFailure('defective_list_ids', integrationMessages.defectsNotOfClient);
    }
    await requireFiles(tx, input.document_file_id, 'document_file_id');
    const status = input.status || null;
    warnNewStatus(deps.log, status);
    const paidAt = status === PAID ? paidAtOf(input.paid_at, now) : null;
    const [bill] = await tx
      .insert(bills)
      .values({
        clientId: input.client_id,
        id1c: input.id_1c,
        date: input.date,
        amountDocument: input.amount_document,
        status,
        documentFileId: input.document_file_id ?? null,
        createdAt: now,
        paidAt,
        purpose: input.purpose || null,
        vat: input.vat || null,
      })
      .returning({ id: bills.id });
    if (!bill) throw new Error('bill was not inserted');
    if (statementIds.length > 0) {
      await tx
        .insert(billDefectStatements)
        .values(statementIds.map((defectStatementId) => ({ billId: bill.id, defectStatementId })));
    }
    await recordEvent(tx, {
      type: 'bill.created',
      clientId: input.client_id,
      payload: {
        bill_id: bill.id,
        id_1c: input.id_1c,
        amount_document: input.amount_document,
        status,
        defective_list_ids: statementIds,
      },
      createdAt: now,
    });
    await recordHistory(tx, {
      clientId: input.client_id,
      description: `Выставлен счёт №${input.id_1c} на сумму ${formatMoney(input.amount_document)}`,
      subjectType: 'Bill',
      subjectId: bill.id,
      createdAt: now,
    });
    if (paidAt)
      await accrueForBill(
        tx,
        { id: bill.id, clientId: input.client_id, id1c: input.id_1c, amountDocument: input.amount_document },
        paidAt,
        now,
      );
    return { id: bill.id };
  });
}

/** The changes a PATCH makes: only fields given and different from what is stored. */
function billChanges(
  current: typeof bills.$inferSelect,
  input: PatchBillInput,
): Partial<Record<'status' | 'purpose' | 'vat', string | null>> {
  const changed: Partial<Record<'status' | 'purpose' | 'vat', string | null>> = {};
  for (const field of ['status', 'purpose', 'vat'] as const) {
    if (input[field] === undefined) continue;
    const value = input[field] || null;
    if (current[field] !== value) changed[field] = value;
  }
  return changed;
}

export async function patchBill(
  deps: AppDeps,
  billId: number,
  input: PatchBillInput,
): Promise<{ id: number; changed: string[] }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
    if (!current) throw notFound();
    const changed = billChanges(current, input);
    // Same values again: nothing changed, nothing recorded.
    if (Object.keys(changed).length === 0) return { id: billId, changed: [] };
    const statusChanged = 'status' in changed;
    const status = statusChanged ? (changed.status ?? null) : current.status;
    if (statusChanged) warnNewStatus(deps.log, status);
    const paidAt = statusChanged && status === PAID ? paidAtOf(input.paid_at, now) : null;
    await tx
      .update(bills)
      // A status from the back office answers the clinic's 'Я оплатил': the bill stops reading 'Оплата проверяется'.
      .set({ ...changed, ...(statusChanged ? { paymentReportedAt: null } : {}), ...(paidAt ? { paidAt } : {}) })
      .where(eq(bills.id, billId));
    await recordEvent(tx, {
      type: 'bill.updated',
      clientId: current.clientId,
      payload: { bill_id: billId, changed },
      createdAt: now,
    });
    if (statusChanged) {
      await recordHistory(tx, {
        clientId: current.clientId,
        description:
          status === PAID
            ? `Счёт №${current.id1c} оплачен`
            : `Статус счёта №${current.id1c} изменён на «${status ?? 'Нет данных'}»`,
        subjectType: 'Bill',
        subjectId: billId,
        createdAt: now,
      });
    }
    if (paidAt) await accrueForBill(tx, current, paidAt, now);
    return { id: billId, changed: Object.keys(changed) };
  });
}
