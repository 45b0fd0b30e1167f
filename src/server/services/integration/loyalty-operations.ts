import { and, eq } from 'drizzle-orm';
import { loyaltyMessages, type CancelOperationInput, type CreateOperationInput } from '#shared/api/loyalty.ts';
import { sumMoney, toKopecks } from '#shared/format/number/kopecks.ts';
import type { AppDeps } from '#server/context.ts';
import { loyaltyOperations, pointsEntries } from '#server/db/schema/loyalty.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { notFound } from '#server/services/access/access.ts';
import { requireClient } from '#server/services/integration/refs.ts';
import { accrue, pointsForAmount } from '#server/services/loyalty/accrual.ts';
import { annul } from '#server/services/loyalty/points.ts';
import { lockClient } from '#server/db/client-lock.ts';

// Orders the back office posts to earn points (API.md `POST /loyalty/operations`) and their full or
// partial cancellation by lines. The operation's points are 5 % of its total; a cancelled line takes
// back its share, the shares split in proportion to the lines' cost and rounded to whole points so
// that they add up to the operation's points exactly (largest remainder).

/** `total` split in proportion to `weights`, whole numbers adding up to `total`. */
export function splitProportionally(total: number, weights: readonly bigint[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(total) * weight);
  const shares = exact.map((value) => Number(value / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  // The biggest remainders get the points rounding left over; ties go to the earlier line.
  const order = exact
    .map((value, index) => ({ index, remainder: value % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

export async function createOperation(deps: AppDeps, input: CreateOperationInput) {
  const now = deps.now();
  const paidAt = new Date(input.paid_at);
  if (paidAt > now) throw fieldFailure('paid_at', loyaltyMessages.paidInFuture);
  return deps.database.db.transaction(async (tx) => {
    await requireClient(tx, input.client_id);
    const [taken] = await tx
      .select({ id: loyaltyOperations.id })
      .from(loyaltyOperations)
      .where(eq(loyaltyOperations.externalId, input.external_id))
      .limit(1);
    if (taken) throw fieldFailure('external_id', loyaltyMessages.externalIdTaken, 409);
    const total = sumMoney(input.lines.map((line) => line.amount));
    const [operation] = await tx
      .insert(loyaltyOperations)
      .values({
        clientId: input.client_id,
        externalId: input.external_id,
        paidAt,
        lines: input.lines,
        points: 0,
        createdAt: now,
      })
      .returning({ id: loyaltyOperations.id });
    if (!operation) throw new Error('loyalty operation was not inserted');
    const accrued = await accrue(
      tx,
      input.client_id,
      { points: pointsForAmount(total), paidAt, reason: `заказ №${input.external_id}`, operationId: operation.id },
      now,
    );
    await tx.update(loyaltyOperations).set({ points: accrued.points }).where(eq(loyaltyOperations.id, operation.id));
    return {
      id: operation.id,
      points: accrued.points,
      activates_at: accrued.activatesAt.toISOString(),
      expires_at: accrued.expiresAt.toISOString(),
    };
  });
}

export async function cancelOperation(deps: AppDeps, operationId: number, input: CancelOperationInput) {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ clientId: loyaltyOperations.clientId })
      .from(loyaltyOperations)
      .where(eq(loyaltyOperations.id, operationId));
    if (!found) throw notFound();
    // The client's lock first, as every ledger writer takes it, then the operation's row.
    await lockClient(tx, found.clientId);
    const [operation] = await tx
      .select()
      .from(loyaltyOperations)
      .where(eq(loyaltyOperations.id, operationId))
      .for('update');
    if (!operation) throw notFound();
    const every = operation.lines.map((_, index) => index);
    const asked = input.lines ?? every;
    if (asked.some((index) => index >= operation.lines.length)) throw fieldFailure('lines', loyaltyMessages.lineIndex);
    const already = new Set(operation.cancelledLines);
    const newly = [...new Set(asked)].filter((index) => !already.has(index)).sort((a, b) => a - b);
    const cancelled = [...already, ...newly].sort((a, b) => a - b);
    if (newly.length === 0) return { id: operationId, annulled: 0, cancelled_lines: cancelled };
    const shares = splitProportionally(
      operation.points,
      operation.lines.map((line) => toKopecks(line.amount)),
    );
    const toAnnul = newly.reduce((total, index) => total + (shares[index] ?? 0), 0);
    const [earned] = await tx
      .select({ id: pointsEntries.id })
      .from(pointsEntries)
      .where(and(eq(pointsEntries.operationId, operationId), eq(pointsEntries.kind, 'earned')))
      .limit(1);
    const names = newly.map((index) => `«${operation.lines[index]?.name ?? index}»`).join(', ');
    const { annulled } =
      earned && toAnnul > 0
        ? await annul(
            tx,
            operation.clientId,
            toAnnul,
            { reason: `отмена по заказу №${operation.externalId}: ${names}`, operationId, targetEntryId: earned.id },
            now,
          )
        : { annulled: 0 };
    await tx.update(loyaltyOperations).set({ cancelledLines: cancelled }).where(eq(loyaltyOperations.id, operationId));
    return { id: operationId, annulled, cancelled_lines: cancelled };
  });
}
