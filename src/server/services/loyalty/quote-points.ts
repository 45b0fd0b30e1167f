import { asc, eq } from 'drizzle-orm';
import { ballsForDiscount, decisionMessages, type Gift } from '#shared/screens/decisions.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { gifts } from '#server/db/schema/loyalty.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { requireVisibleStatement, type Viewer } from '#server/services/access/access.ts';
import { balance, lockedForSpending, spend } from '#server/services/loyalty/points.ts';

// Points on a repair quote (cabinet.md §2 points-deduction popup, §5 Points form; portal.md §9):
// what the popup offers, and the checked spending when a quote is approved with points or a gift.

export const GIFT_UNAVAILABLE_MESSAGE = 'Этот подарок сейчас недоступен';

/** The statement points are spent on: a cancellation of it gives them back (points.ts returnSpends). */
interface SpentOn {
  id: number;
  ticketId: number;
  sum: string;
}

export function giftNotAffordableMessage(missing: number): string {
  return `Недостаточно бонусов: осталось накопить ${countOf(missing, BONUS_FORMS)}`;
}

/**
 * The points popup's data for one visible statement: the viewer's balance, the limit, every gift.
 * On a ticket of another account (access given to the viewer) there are no points to spend: they stay the owner's.
 */
export async function loyaltyFor(db: Db | Tx, viewer: Viewer, statementId: number, now: Date) {
  const viewerId = viewer.clientId;
  const { statement, ticket } = await requireVisibleStatement(db, viewer, statementId);
  const available = ticket.clientId === viewerId ? await balance(db, viewerId, now) : 0;
  const rows = await db.select().from(gifts).orderBy(asc(gifts.cost), asc(gifts.id));
  const giftsAvailable: Gift[] = rows.map((gift) => ({
    id: gift.id,
    name: gift.name,
    cost: gift.cost,
    image: gift.imageFileId === null ? null : downloadPaths.file(gift.imageFileId),
    is_available: gift.isAvailable && gift.cost <= available,
    need_balls: Math.max(0, gift.cost - available),
  }));
  return { ballsAvailable: available, ballsForDiscount: ballsForDiscount(statement.sum, available), giftsAvailable };
}

/**
 * Spends `balls` on a repair costing `sum`: at most 30 % of it and at most the balance, both read
 * under the client lock (points.ts). 422 on `balls` otherwise.
 */
export async function spendOnRepair(
  tx: Tx,
  clientId: number,
  statement: SpentOn,
  balls: number,
  reason: string,
  now: Date,
): Promise<void> {
  const ledger = await lockedForSpending(tx, clientId, now);
  const limit = ballsForDiscount(statement.sum, ledger.balance);
  if (balls > limit) throw fieldFailure('balls', decisionMessages.ballsTooMany(limit));
  await spend(tx, ledger, balls, reason, now, { statementId: statement.id, ticketId: statement.ticketId });
}

/** Buys a gift with points: it must exist, be offered and be affordable; 422 on `gift` otherwise. */
export async function spendOnGift(
  tx: Tx,
  clientId: number,
  statement: SpentOn,
  giftId: number,
  reason: (name: string) => string,
  now: Date,
) {
  const [gift] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).limit(1);
  if (!gift || !gift.isAvailable) throw fieldFailure('gift', GIFT_UNAVAILABLE_MESSAGE);
  const ledger = await lockedForSpending(tx, clientId, now);
  if (gift.cost > ledger.balance) throw fieldFailure('gift', giftNotAffordableMessage(gift.cost - ledger.balance));
  await spend(tx, ledger, gift.cost, reason(gift.name), now, {
    statementId: statement.id,
    ticketId: statement.ticketId,
  });
  return gift;
}
