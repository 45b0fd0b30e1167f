import { and, desc, eq, lt } from 'drizzle-orm';
import { AGREED, STATEMENT_STATUS } from '#shared/dictionaries/statement-decisions.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import type { Tx } from '#server/db/client.ts';
import { decisions, pointsEntries } from '#server/db/schema.ts';
import { addNotification } from '#server/services/notifications.ts';

// A quote the clinic approved (or was discussing) and the back office then re-prices is no longer
// what the clinic agreed to: it goes back to waiting for the clinic (issue 9 item 11). The earlier
// decision stays in the history and the decisions table; the points spent with the approval come
// back, so a second approval cannot spend them twice.

/** Decisions a new price undoes; a refusal or a trade-in stands whatever the repair would cost. */
const UNDONE_BY_A_NEW_PRICE: ReadonlySet<number> = new Set([AGREED.approved, AGREED.discussed]);

interface Statement {
  id: number;
  agreed: number;
  status: number;
}

/** The changes that send the statement back to the clinic, or none when the new price changes nothing decided. */
export function reopenedByNewPrice(statement: Statement, changes: { sum?: string; agreed?: number }): { agreed: number; status?: number } | null {
  if (changes.sum === undefined || changes.agreed !== undefined || !UNDONE_BY_A_NEW_PRICE.has(statement.agreed)) return null;
  return statement.status === STATEMENT_STATUS.agreed ? { agreed: AGREED.none, status: STATEMENT_STATUS.awaiting } : { agreed: AGREED.none };
}

/**
 * After the statement was reopened (the caller holds the client's lock, ADR 0008): the points the approval spent come back (its spends are the
 * ledger's negative entries written in the approval's own transaction, at its time), and the clinic
 * is told. Returns the points returned.
 */
export async function afterReopening(
  tx: Tx,
  reopened: { clientId: number; ticketId: number; statementId: number; number: string; sum: string; now: Date },
): Promise<number> {
  const [approval] = await tx
    .select({ clientId: decisions.clientId, createdAt: decisions.createdAt })
    .from(decisions)
    .where(and(eq(decisions.defectStatementId, reopened.statementId), eq(decisions.kind, 'approved')))
    .orderBy(desc(decisions.id))
    .limit(1);
  let returned = 0;
  if (approval) {
    const spends = await tx
      .select({ delta: pointsEntries.delta })
      .from(pointsEntries)
      .where(and(eq(pointsEntries.clientId, approval.clientId), eq(pointsEntries.createdAt, approval.createdAt), lt(pointsEntries.delta, 0)));
    returned = -spends.reduce((total, entry) => total + entry.delta, 0);
    if (returned > 0) {
      await tx.insert(pointsEntries).values({
        clientId: approval.clientId,
        delta: returned,
        reason: `Возврат бонусов: изменилась стоимость по ведомости №${reopened.number}`,
        createdAt: reopened.now,
      });
    }
  }
  await addNotification(tx, {
    clientId: reopened.clientId,
    description: `Стоимость работ по ведомости №${reopened.number} изменена на ${formatMoney(reopened.sum)}. Согласуйте ремонт заново.`,
    createdAt: reopened.now,
    ticketId: reopened.ticketId,
  });
  return returned;
}
