import type { ChangePointsInput } from '#shared/api/integration.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import type { AppDeps } from '#server/context.ts';
import { notFound } from '#server/services/access/access.ts';
import { annul, lockedLedger, writeEntry } from '#server/services/loyalty/points.ts';
import { yearAfter } from '#server/services/loyalty/ledger-replay.ts';

// POST /clients/{id}/points: the back office's own entry. A credit is spendable at once for a year;
// a debit is an annulment (an erroneous credit, abuse: portal.md §4.7) of active points,
// soonest-expiring first, and when it is more than the balance the whole balance is annulled
// instead of refusing. The client lock (points.ts) serialises it with the clinic's spending.

export async function changePoints(
  deps: AppDeps,
  clientId: number,
  input: ChangePointsInput,
): Promise<{ id: number | null; balance: number; annulled: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    if (!(await lockedLedger(tx, clientId, now))) throw notFound();
    if (input.delta > 0) {
      const written = await writeEntry(
        tx,
        clientId,
        {
          delta: input.delta,
          kind: 'credited',
          reason: input.reason,
          activatesAt: now,
          expiresAt: yearAfter(now),
          history: `Начислено ${countOf(input.delta, BONUS_FORMS)}: ${input.reason}`,
        },
        now,
      );
      return { id: written.id, balance: written.balance, annulled: 0 };
    }
    const { written, annulled } = await annul(tx, clientId, -input.delta, { reason: input.reason }, now);
    return { id: written?.id ?? null, balance: written?.balance ?? 0, annulled };
  });
}
