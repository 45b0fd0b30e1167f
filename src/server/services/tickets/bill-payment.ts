import { and, eq, isNull } from 'drizzle-orm';
import { billPaymentMessages, PAID_BILL_STATUS } from '#shared/screens/bills.ts';
import type { AppDeps } from '#server/context.ts';
import { recordEvent } from '#server/db/journal.ts';
import { bills } from '#server/db/schema/tickets.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { notFound, requireVisibleBill, visibleBillsCondition, type Viewer } from '#server/services/access/access.ts';

// 'Я оплатил' (ADR 0028): the clinic tells the back office it paid a bill by transfer. Once per bill:
// the first report stamps the bill and writes a `bill.payment_reported` event; a repeat (a second
// tap, another colleague, a retried request) answers the same time and writes nothing. The bill
// reads 'Оплата проверяется' until the back office sets its status (patchBill clears the stamp).

export async function reportBillPayment(
  deps: AppDeps,
  viewer: Viewer,
  billId: number,
): Promise<{ reported_at: string }> {
  const now = deps.now();
  const viewerId = viewer.clientId;
  return deps.database.db.transaction(async (tx) => {
    // Another clinic's bill is the same 404 as none, whatever the settings; a bill of a clinic whose
    // level gives no bills is its 403 (ADR 0049).
    await requireVisibleBill(tx, viewer, billId);
    const [bill] = await tx
      .select()
      .from(bills)
      .where(and(eq(bills.id, billId), visibleBillsCondition(viewer)))
      .for('update');
    if (!bill) throw notFound();
    if (!deps.config.payee) throw new ApiFailure(409, { success: false, message: billPaymentMessages.noPayee });
    if (bill.status === PAID_BILL_STATUS)
      throw new ApiFailure(409, { success: false, message: billPaymentMessages.alreadyPaid });
    // No status: the back office has not said the bill is to be paid, and the page offers no payment for it.
    if (bill.status === null) throw new ApiFailure(409, { success: false, message: billPaymentMessages.noStatus });
    if (bill.paymentReportedAt) return { reported_at: bill.paymentReportedAt.toISOString() };
    await tx
      .update(bills)
      .set({ paymentReportedAt: now })
      .where(and(eq(bills.id, billId), isNull(bills.paymentReportedAt)));
    await recordEvent(tx, {
      type: 'bill.payment_reported',
      clientId: bill.clientId,
      payload: {
        bill_id: bill.id,
        id_1c: bill.id1c,
        amount_document: bill.amountDocument,
        reported_at: now.toISOString(),
        reported_by: viewerId,
      },
      createdAt: now,
    });
    return { reported_at: now.toISOString() };
  });
}
