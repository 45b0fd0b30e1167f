import { integrationMessages, type ChangePointsInput } from '#shared/api/integration.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import type { AppDeps } from '#server/context.ts';
import { recordEvent, recordHistory } from '#server/db/journal.ts';
import { pointsEntries } from '#server/db/schema.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { notFound } from '#server/services/access.ts';
import { balance, lockClient } from '#server/services/points.ts';

// POST /clients/{id}/points: one ledger entry. The balance is the sum of entries; it may never go
// below zero. The client row is locked (`for no key update`) before the sum is read, so two
// concurrent debits cannot both see the old balance. It is the same lock services/points.ts takes
// for the clinic's spending, so back-office debits and portal spends are serialised together.

export async function changePoints(deps: AppDeps, clientId: number, input: ChangePointsInput): Promise<{ id: number; balance: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    if (!(await lockClient(tx, clientId))) throw notFound();
    const before = await balance(tx, clientId);
    const after = before + input.delta;
    if (after < 0) {
      throw new ApiFailure(409, {
        success: false,
        message: integrationMessages.pointsNegative,
        errors: { delta: [integrationMessages.pointsNegative] },
        details: { balance: before },
      });
    }
    const [entry] = await tx
      .insert(pointsEntries)
      .values({ clientId, delta: input.delta, reason: input.reason, createdAt: now })
      .returning({ id: pointsEntries.id });
    if (!entry) throw new Error('points entry was not inserted');
    await recordEvent(tx, {
      type: 'points.changed',
      clientId,
      payload: { client_id: clientId, entry_id: entry.id, delta: input.delta, reason: input.reason, balance: after },
      createdAt: now,
    });
    const amount = countOf(Math.abs(input.delta), BONUS_FORMS);
    await recordHistory(tx, {
      clientId,
      description: `${input.delta > 0 ? 'Начислено' : 'Списано'} ${amount}: ${input.reason}`,
      subjectType: 'Account',
      subjectId: clientId,
      createdAt: now,
    });
    return { id: entry.id, balance: after };
  });
}
