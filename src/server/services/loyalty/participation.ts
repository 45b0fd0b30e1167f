import { eq } from 'drizzle-orm';
import { loyaltyMessages, type ParticipationInput, type ProgrammeInput } from '#shared/api/loyalty.ts';
import { serverDayStart } from '#shared/format/server-timestamp.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { recordHistory } from '#server/db/journal.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { loyaltyProgrammeChanges, pointsEntries } from '#server/db/schema/loyalty.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { notFound } from '#server/services/access/access.ts';
import { SUSPENSION_LOOKBACK_MS, yearAfter } from '#server/services/loyalty/ledger-replay.ts';
import { russianDate } from '#server/services/loyalty/accrual.ts';
import {
  annul,
  annulEverything,
  loadLedger,
  lockedLedger,
  type Ledger,
  type LoyaltyState,
} from '#server/services/loyalty/points.ts';
import { NOTICE_MS } from '#server/services/loyalty/programme-rules.ts';

// A client's participation (portal.md §4.7 "Participation", "Suspension") and the programme's
// pauses and ends, set by the back office (API.md `POST /clients/{id}/loyalty`,
// `PUT /loyalty/programme`).

const STATE_HISTORY: Record<LoyaltyState, string> = {
  active: 'Участие в программе лояльности возобновлено',
  suspended: 'Участие в программе лояльности приостановлено: бонусы не активируются до его восстановления',
  left: 'Участие в программе лояльности прекращено по вашему заявлению',
};

/**
 * Lifting a suspension: points held during it activate now (or on their own date, if later), for a
 * year from then; when it lasted more than 30 days, points of operations older than the 30 days
 * before today are annulled.
 */
async function restore(tx: Tx, clientId: number, ledger: Ledger, now: Date): Promise<number> {
  const since = ledger.stateSince ?? now;
  const lookbackFrom = new Date(now.getTime() - SUSPENSION_LOOKBACK_MS);
  let annulled = 0;
  for (const lot of ledger.replay.lots) {
    if (!lot.held || lot.remaining <= 0) continue;
    const occurred = lot.row.occurredAt ?? lot.row.createdAt;
    if (
      lot.row.kind === 'earned' &&
      now.getTime() - since.getTime() > SUSPENSION_LOOKBACK_MS &&
      occurred >= since &&
      occurred < lookbackFrom
    ) {
      const reason = `операция ${russianDate(occurred)} в период приостановки участия, ранее 30 дней до его восстановления`;
      annulled += (await annul(tx, clientId, lot.remaining, { reason, targetEntryId: lot.row.id }, now)).annulled;
      continue;
    }
    const activatesAt = lot.activatesAt > now ? lot.activatesAt : now;
    await tx
      .update(pointsEntries)
      .set({ activatesAt, expiresAt: yearAfter(activatesAt) })
      .where(eq(pointsEntries.id, lot.row.id));
  }
  return annulled;
}

export async function setParticipation(deps: AppDeps, clientId: number, input: ParticipationInput) {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const ledger = await lockedLedger(tx, clientId, now);
    if (!ledger) throw notFound();
    let annulled = 0;
    if (ledger.state !== input.state) {
      if (input.state === 'left') annulled = await annulEverything(tx, clientId, 'выход из программы лояльности', now);
      if (ledger.state === 'suspended' && input.state === 'active') annulled = await restore(tx, clientId, ledger, now);
      // Rejoining after leaving is a new participation: earlier operations earn nothing (portal.md §4.7).
      const rejoined = ledger.state === 'left' ? { loyaltyParticipantSince: now } : {};
      await tx
        .update(clients)
        .set({ loyaltyState: input.state, loyaltyStateSince: now, ...rejoined })
        .where(eq(clients.id, clientId));
      await recordHistory(tx, {
        clientId,
        description: STATE_HISTORY[input.state],
        subjectType: 'Account',
        subjectId: clientId,
        createdAt: now,
      });
    }
    const after = await loadLedger(tx, clientId, now);
    return {
      client_id: clientId,
      state: input.state,
      balance: after?.replay.balance ?? 0,
      pending: after?.replay.pending ?? 0,
      annulled,
    };
  });
}

/** `ends_on` as a moment: a date means the start of that day in Moscow. */
function endsOnMoment(endsOn: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(endsOn) ? serverDayStart(endsOn) : new Date(endsOn);
}

export async function setProgramme(deps: AppDeps, input: ProgrammeInput) {
  const now = deps.now();
  let endsOn: Date | null = null;
  if (input.state === 'active') {
    if (input.ends_on) throw fieldFailure('ends_on', loyaltyMessages.endsOnForActive);
  } else {
    if (!input.ends_on) throw fieldFailure('ends_on', loyaltyMessages.endsOnRequired);
    endsOn = endsOnMoment(input.ends_on);
    const earliest = new Date(now.getTime() + NOTICE_MS);
    if (endsOn < earliest) throw fieldFailure('ends_on', loyaltyMessages.endsOnNotice(russianDate(earliest)));
  }
  const [row] = await deps.database.db
    .insert(loyaltyProgrammeChanges)
    .values({ state: input.state, endsOn, announcedAt: now })
    .returning();
  if (!row) throw new Error('programme change was not inserted');
  return {
    state: row.state,
    ends_on: row.endsOn?.toISOString() ?? null,
    announced_at: row.state === 'active' ? null : row.announcedAt.toISOString(),
  };
}

/** GET /clients/{id}/points: the balance, the pending points and every entry with its state now. */
export async function clientPoints(deps: AppDeps, clientId: number) {
  const ledger = await loadLedger(deps.database.db, clientId, deps.now());
  if (!ledger) throw notFound();
  const lots = new Map(ledger.replay.lots.map((lot) => [lot.row.id, lot]));
  return {
    balance: ledger.replay.balance,
    pending: ledger.replay.pending,
    entries: ledger.rows.map((row) => {
      const lot = lots.get(row.id);
      return {
        id: row.id,
        delta: row.delta,
        state: ledger.replay.stateOf(row),
        reason: row.reason,
        activates_at: lot ? lot.activatesAt.toISOString() : null,
        expires_at: lot ? lot.expiresAt.toISOString() : null,
        created_at: row.createdAt.toISOString(),
      };
    }),
  };
}
