import { AGREED, STATEMENT_STATUS } from '#shared/dictionaries/statement-decisions.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import type { Tx } from '#server/db/client.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { returnStatementSpends } from '#server/services/loyalty/points.ts';

// A quote the clinic approved (or was discussing) and the back office then re-prices is no longer
// what the clinic agreed to: it goes back to waiting for the clinic (ADR 0021). The earlier
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
export function reopenedByNewPrice(
  statement: Statement,
  changes: { sum?: string; agreed?: number },
): { agreed: number; status?: number } | null {
  if (changes.sum === undefined || changes.agreed !== undefined || !UNDONE_BY_A_NEW_PRICE.has(statement.agreed))
    return null;
  return statement.status === STATEMENT_STATUS.agreed
    ? { agreed: AGREED.none, status: STATEMENT_STATUS.awaiting }
    : { agreed: AGREED.none };
}

/**
 * After the statement was reopened (the caller holds the client's lock, ADR 0008): the points spent
 * on it come back (the spends not given back yet, with their expiry: points.ts returnStatementSpends),
 * and the clinic is told. Returns the points returned.
 */
export async function afterReopening(
  tx: Tx,
  reopened: { clientId: number; statementId: number; ticketId: number; number: string; sum: string; now: Date },
): Promise<number> {
  // Only the ticket's owner spends points on it (decisions.ts), so the spends are the owner's.
  const returned = await returnStatementSpends(
    tx,
    reopened.clientId,
    { id: reopened.statementId, ticketId: reopened.ticketId },
    `Возврат бонусов: изменилась стоимость по ведомости №${reopened.number}`,
    reopened.now,
  );
  await addNotification(tx, {
    clientId: reopened.clientId,
    description: `Стоимость работ по ведомости №${reopened.number} изменена на ${formatMoney(reopened.sum)}. Согласуйте ремонт заново.`,
    createdAt: reopened.now,
    ticketId: reopened.ticketId,
    // A price: the colleagues who decide on quotes ('Заявки и согласования') are told, not 'Только заявки'.
    topic: 'decision',
  });
  return returned;
}
