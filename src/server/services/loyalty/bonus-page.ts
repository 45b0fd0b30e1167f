import { eq } from 'drizzle-orm';
import type { BonusesData, BonusRow } from '#shared/screens/bonuses.ts';
import type { Db } from '#server/db/client.ts';
import { bills, defectStatements } from '#server/db/schema/tickets.ts';
import { loyaltyOperations, pointsEntries } from '#server/db/schema/loyalty.ts';
import { EXPIRY_WARNING_MS, type LotState } from '#server/services/loyalty/ledger-replay.ts';
import { notEarningBecause } from '#server/services/loyalty/accrual.ts';
import { loadLedger, type Ledger } from '#server/services/loyalty/points.ts';
import { noticeOf } from '#server/services/loyalty/programme-notice.ts';

// The data of the clinic's 'Бонусы' page (src/shared/screens/bonuses.ts): the replayed ledger as the
// clinic reads it, each change with the ticket, bill or order it came from, and what the clock did
// (expiry, the programme's end) as rows of their own.

const iso = (date: Date) => date.toISOString();

function notEarning(ledger: Ledger): BonusesData['not_earning'] {
  const reason = notEarningBecause(ledger);
  if (reason) return reason;
  return ledger.state === 'suspended' ? 'suspended' : null;
}

function grouped<K extends string>(lots: LotState[], key: (lot: LotState) => string | null, name: K) {
  const sums = new Map<string | null, number>();
  for (const lot of lots) sums.set(key(lot), (sums.get(key(lot)) ?? 0) + lot.remaining);
  return [...sums].map(([at, points]) => ({ points, [name]: at }) as { points: number } & Record<K, string | null>);
}

export async function bonusesFor(db: Db, clientId: number, now: Date): Promise<BonusesData | null> {
  const ledger = await loadLedger(db, clientId, now);
  if (!ledger) return null;
  const sources = await db
    .select({
      id: pointsEntries.id,
      ticketId: defectStatements.ticketId,
      bill: bills.id1c,
      order: loyaltyOperations.externalId,
    })
    .from(pointsEntries)
    .leftJoin(defectStatements, eq(defectStatements.id, pointsEntries.statementId))
    .leftJoin(bills, eq(bills.id, pointsEntries.billId))
    .leftJoin(loyaltyOperations, eq(loyaltyOperations.id, pointsEntries.operationId))
    .where(eq(pointsEntries.clientId, clientId));
  const sourceOf = new Map(sources.map((s) => [s.id, { ticket_id: s.ticketId, bill: s.bill, order: s.order }]));
  const lots = new Map(ledger.replay.lots.map((lot) => [lot.row.id, lot]));

  const rows: BonusRow[] = [];
  for (const row of ledger.rows) {
    const source = sourceOf.get(row.id) ?? { ticket_id: null, bill: null, order: null };
    const lot = lots.get(row.id);
    const kind =
      row.delta < 0
        ? row.kind === 'annulled'
          ? 'annulled'
          : 'spent'
        : row.kind === 'earned' || row.kind === 'returned'
          ? row.kind
          : 'credited';
    rows.push({
      key: String(row.id),
      kind,
      points: row.delta,
      date: iso(row.createdAt),
      reason: row.reason,
      state: lot ? lot.state : null,
      activates_at: lot ? iso(lot.activatesAt) : null,
      expires_at: lot ? iso(lot.expiresAt) : null,
      ...source,
    });
    if (lot && lot.state === 'expired' && lot.remaining > 0) {
      rows.push({
        ...rows.at(-1)!,
        key: `${row.id}:expired`,
        kind: 'expired',
        points: -lot.remaining,
        date: iso(lot.expiresAt),
        state: null,
      });
    }
    if (lot && lot.voided > 0 && lot.voidedAt) {
      const reason = 'неиспользованные бонусы аннулированы по окончании программы лояльности';
      rows.push({
        ...rows.at(-1)!,
        key: `${row.id}:ended`,
        kind: 'annulled',
        points: -lot.voided,
        date: iso(lot.voidedAt),
        reason,
        state: null,
      });
    }
  }
  rows.sort((a, b) => b.date.localeCompare(a.date) || b.key.localeCompare(a.key, 'en', { numeric: true }));

  const all = ledger.replay.lots;
  const pending = all
    .filter((lot) => lot.state === 'pending' && lot.remaining > 0)
    .sort((a, b) => a.activatesAt.getTime() - b.activatesAt.getTime());
  const soon = new Date(now.getTime() + EXPIRY_WARNING_MS);
  const expiring = all
    .filter((lot) => lot.state === 'active' && lot.remaining > 0 && lot.expiresAt <= soon)
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
  return {
    balance: ledger.replay.balance,
    pending: ledger.replay.pending,
    pending_by_date: grouped(pending, (lot) => (lot.held ? null : iso(lot.activatesAt)), 'activates_at'),
    expiring: grouped(expiring, (lot) => iso(lot.expiresAt), 'expires_at').map((item) => ({
      points: item.points,
      expires_at: item.expires_at ?? '',
    })),
    not_earning: notEarning(ledger),
    programme: noticeOf(ledger.programme, now),
    rows,
  };
}
