import { and, eq } from 'drizzle-orm';
import { toKopecks } from '#shared/format/number/kopecks.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import { serverDate } from '#shared/format/server-timestamp.ts';
import type { Tx } from '#server/db/client.ts';
import { pointsEntries } from '#server/db/schema/loyalty.ts';
import { notCreditingBecause, type NotCrediting } from '#server/services/loyalty/credit-rules.ts';
import { ACTIVATION_DELAY_MS, yearAfter } from '#server/services/loyalty/ledger-replay.ts';
import { lockedLedger, writeEntry, type Ledger } from '#server/services/loyalty/points.ts';

// Points earned on a paid order (portal.md §4.7, §9; API.md §Loyalty programme): 5 % of the
// amount, whole points (1 бонус = 1 ₽), pending until 2 days after the payment, then usable for a
// year. Every account takes part from its creation (or migration 0016); only operations paid since
// then earn, nothing once it has left, and nothing once a pause or end of the programme is
// announced. A suspended participant's points are written but held (ledger-replay.ts) until the
// suspension is lifted.

export const ACCRUAL_PERCENT = 5;

/** 5 % of a money amount in whole points, halves rounded up. */
export function pointsForAmount(amount: string): number {
  const kopecks = toKopecks(amount);
  if (kopecks <= 0n) return 0;
  // points = roubles × 5 / 100 = kopecks × 5 / 10 000; adding half the divisor rounds halves up.
  return Number((kopecks * BigInt(ACCRUAL_PERCENT) + 5_000n) / 10_000n);
}

/** Why a participant earns nothing now, or null when it earns. */
export function notEarningBecause(ledger: Ledger): NotCrediting | null {
  return notCreditingBecause(ledger);
}

/** 'DD.MM.YYYY' of an instant in Moscow, as the clinic's history writes dates. */
export const russianDate = (instant: Date) => serverDate(instant).split('-').reverse().join('.');

export interface Accrual {
  points: number;
  paidAt: Date;
  reason: string;
  billId?: number;
  operationId?: number;
}

export interface Accrued {
  entryId: number | null;
  points: number;
  activatesAt: Date;
  expiresAt: Date;
}

/** Credits the accrual's points as pending (takes the client lock); 0 points when the client does not earn. */
export async function accrue(tx: Tx, clientId: number, accrual: Accrual, now: Date): Promise<Accrued> {
  const activatesAt = new Date(accrual.paidAt.getTime() + ACTIVATION_DELAY_MS);
  const expiresAt = yearAfter(activatesAt);
  const ledger = await lockedLedger(tx, clientId, now);
  // Not retroactive: an operation paid before the account took part earns nothing (portal.md §4.7).
  const before = ledger !== null && accrual.paidAt < ledger.participantSince;
  if (!ledger || accrual.points <= 0 || before || notEarningBecause(ledger) !== null)
    return { entryId: null, points: 0, activatesAt, expiresAt };
  const written = await writeEntry(
    tx,
    clientId,
    {
      delta: accrual.points,
      kind: 'earned',
      reason: accrual.reason,
      occurredAt: accrual.paidAt,
      activatesAt,
      expiresAt,
      ...(accrual.billId === undefined ? {} : { billId: accrual.billId }),
      ...(accrual.operationId === undefined ? {} : { operationId: accrual.operationId }),
      history: `Начислено ${countOf(accrual.points, BONUS_FORMS)}: ${accrual.reason}; доступны с ${russianDate(activatesAt)} до ${russianDate(expiresAt)}`,
    },
    now,
  );
  return { entryId: written.id, points: accrual.points, activatesAt, expiresAt };
}

/**
 * A bill became 'Оплачен': its points, once per bill however often it is marked paid (the caller
 * holds the bill's row; a unique index on earned entries per bill backs this up).
 */
export async function accrueForBill(
  tx: Tx,
  bill: { id: number; clientId: number; id1c: string; amountDocument: string },
  paidAt: Date,
  now: Date,
) {
  const [earned] = await tx
    .select({ id: pointsEntries.id })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.billId, bill.id), eq(pointsEntries.kind, 'earned')))
    .limit(1);
  if (earned) return;
  await accrue(
    tx,
    bill.clientId,
    { points: pointsForAmount(bill.amountDocument), paidAt, reason: `оплата счёта №${bill.id1c}`, billId: bill.id },
    now,
  );
}
