import { and, eq, sql } from 'drizzle-orm';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { lockClient } from '#server/db/client-lock.ts';
import { recordEvent, recordHistory } from '#server/db/journal.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { pointsEntries, type PointsKind } from '#server/db/schema/loyalty.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import { creditRefusal } from '#server/services/loyalty/credit-rules.ts';
import {
  RETURN_GRACE_MS,
  replayLedger,
  yearAfter,
  type LedgerReplay,
  type LedgerRow,
} from '#server/services/loyalty/ledger-replay.ts';
import {
  programmeStatus,
  type ProgrammeChange,
  type ProgrammeStatus,
} from '#server/services/loyalty/programme-rules.ts';

// The points ledger (portal.md §4.7, §9; ADR 0006, ADR 0016): every change is a row in
// points_entries; what the points are now is replayed from the rows and the clock
// (ledger-replay.ts), so there is no counter to drift and no job to miss. Every write goes through
// `writeEntry`, which records `points.changed` with the entry's state in the same transaction.

export const NOT_ENOUGH_POINTS_MESSAGE = 'Недостаточно бонусов на счёте';

export type LoyaltyState = 'active' | 'suspended' | 'left';

export interface Ledger {
  rows: LedgerRow[];
  replay: LedgerReplay;
  state: LoyaltyState;
  stateSince: Date | null;
  /** Operations paid before it earn nothing (ADR 0016, amended). */
  participantSince: Date;
  programme: ProgrammeStatus;
}

/**
 * Columns for a select on `clients`: the client's ledger rows and the programme's announcements as
 * JSON, so a caller reading the client anyway (the shell's user data) replays in the same statement.
 */
export function ledgerColumns() {
  return {
    loyaltyState: clients.loyaltyState,
    loyaltyStateSince: clients.loyaltyStateSince,
    loyaltyParticipantSince: clients.loyaltyParticipantSince,
    ledgerRows: sql<unknown>`(select coalesce(json_agg(json_build_object(
      'id', e.id, 'delta', e.delta, 'kind', e.kind, 'reason', e.reason, 'createdAt', e.created_at,
      'occurredAt', e.occurred_at, 'activatesAt', e.activates_at, 'expiresAt', e.expires_at,
      'targetEntryId', e.target_entry_id) order by e.id), '[]'::json)
      from points_entries e where e.client_id = "clients"."id")`,
    programmeChanges: sql<unknown>`(select coalesce(json_agg(json_build_object(
      'id', p.id, 'state', p.state, 'endsOn', p.ends_on, 'announcedAt', p.announced_at) order by p.id), '[]'::json)
      from loyalty_programme_changes p)`,
  };
}

type LedgerSelection = { [K in keyof ReturnType<typeof ledgerColumns>]: unknown };

/** json_agg comes back parsed from one driver and as text from another. */
function jsonList(value: unknown): Array<Record<string, unknown>> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as Array<Record<string, unknown>>) : [];
}

const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));

/** The replayed ledger of a row selected with `ledgerColumns()`. */
export function ledgerOf(selected: LedgerSelection, now: Date): Ledger {
  const rows: LedgerRow[] = jsonList(selected.ledgerRows).map((row) => ({
    id: Number(row.id),
    delta: Number(row.delta),
    kind: String(row.kind) as PointsKind,
    reason: String(row.reason),
    createdAt: new Date(String(row.createdAt)),
    occurredAt: dateOrNull(row.occurredAt),
    activatesAt: dateOrNull(row.activatesAt),
    expiresAt: dateOrNull(row.expiresAt),
    targetEntryId: row.targetEntryId === null ? null : Number(row.targetEntryId),
  }));
  const changes: ProgrammeChange[] = jsonList(selected.programmeChanges).map((row) => ({
    id: Number(row.id),
    state: String(row.state) as ProgrammeChange['state'],
    endsOn: dateOrNull(row.endsOn),
    announcedAt: new Date(String(row.announcedAt)),
  }));
  const programme = programmeStatus(changes, now);
  const state = String(selected.loyaltyState) as LoyaltyState;
  const stateSince = dateOrNull(selected.loyaltyStateSince);
  const replay = replayLedger(rows, {
    now,
    suspendedSince: state === 'suspended' ? stateSince : null,
    programmeEnds: programme.ends,
  });
  return {
    rows,
    replay,
    state,
    stateSince,
    participantSince: new Date(String(selected.loyaltyParticipantSince)),
    programme,
  };
}

/** The client's ledger as of `now`, or null for an unknown client. */
export async function loadLedger(db: Db | Tx, clientId: number, now: Date): Promise<Ledger | null> {
  // A courier's account (ADR 0042) has no ledger: asked for one, it is no client.
  const [row] = await db
    .select(ledgerColumns())
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.kind, 'clinic')))
    .limit(1);
  return row ? ledgerOf(row, now) : null;
}

/** The points the client can spend now: active ones only. */
export async function balance(db: Db | Tx, clientId: number, now: Date): Promise<number> {
  return (await loadLedger(db, clientId, now))?.replay.balance ?? 0;
}

/** The ledger read under the client lock: stays true until the transaction commits. */
export async function lockedLedger(tx: Tx, clientId: number, now: Date): Promise<Ledger | null> {
  if (!(await lockClient(tx, clientId, true))) return null;
  return loadLedger(tx, clientId, now);
}

export interface NewEntry {
  delta: number;
  kind: PointsKind;
  reason: string;
  occurredAt?: Date;
  activatesAt?: Date;
  expiresAt?: Date;
  billId?: number;
  statementId?: number;
  operationId?: number;
  targetEntryId?: number;
  /** The ticket the event and the history line belong to. */
  ticketId?: number | null;
  /** The clinic's history line; none when the caller writes its own (a decision names its spend). */
  history?: string;
}

export interface WrittenEntry {
  id: number;
  balance: number;
  pending: number;
  state: string;
}

/**
 * Writes one ledger row (the caller holds the client lock) with its `points.changed` event and
 * history line. `known`: the balance and pending after it when the caller already knows them (a
 * spend), which saves replaying the ledger again.
 */
export async function writeEntry(
  tx: Tx,
  clientId: number,
  entry: NewEntry,
  now: Date,
  known?: { balance: number; pending: number },
): Promise<WrittenEntry> {
  const [row] = await tx
    .insert(pointsEntries)
    .values({
      clientId,
      delta: entry.delta,
      kind: entry.kind,
      reason: entry.reason,
      createdAt: now,
      occurredAt: entry.occurredAt ?? null,
      activatesAt: entry.activatesAt ?? null,
      expiresAt: entry.expiresAt ?? null,
      billId: entry.billId ?? null,
      statementId: entry.statementId ?? null,
      operationId: entry.operationId ?? null,
      targetEntryId: entry.targetEntryId ?? null,
    })
    .returning({ id: pointsEntries.id });
  if (!row) throw new Error('points entry was not inserted');
  const ledger = known && entry.delta < 0 ? null : await loadLedger(tx, clientId, now);
  const after = known ?? ledger?.replay;
  if (!after) throw new Error('the client of a points entry is gone');
  const written = ledger?.rows.find((candidate) => candidate.id === row.id);
  const lot = ledger?.replay.lots.find((candidate) => candidate.row.id === row.id);
  // Without a replay the entry is a debit (`known` is given only for those): spent or annulled, as stateOf says of one.
  const state = written && ledger ? ledger.replay.stateOf(written) : entry.kind === 'annulled' ? 'annulled' : 'spent';
  await recordEvent(tx, {
    type: 'points.changed',
    clientId,
    ticketId: entry.ticketId ?? null,
    payload: {
      client_id: clientId,
      entry_id: row.id,
      delta: entry.delta,
      kind: entry.kind,
      state,
      reason: entry.reason,
      activates_at: lot ? lot.activatesAt.toISOString() : null,
      expires_at: lot ? lot.expiresAt.toISOString() : null,
      bill_id: entry.billId ?? null,
      defect_id: entry.statementId ?? null,
      operation_id: entry.operationId ?? null,
      balance: after.balance,
      pending: after.pending,
    },
    createdAt: now,
  });
  if (entry.history) {
    await recordHistory(tx, {
      clientId,
      ticketId: entry.ticketId ?? null,
      description: entry.history,
      subjectType: entry.billId ? 'Bill' : entry.ticketId ? 'Ticket' : 'Account',
      subjectId: entry.billId ?? entry.ticketId ?? clientId,
      createdAt: now,
    });
  }
  return { id: row.id, balance: after.balance, pending: after.pending, state };
}

/**
 * Spends `amount` active points, soonest-expiring first (the replay decides which); 422 (nothing
 * written) when the active balance is short. `ledger`: the caller's read under the client lock.
 * Returns the balance after the spend.
 */
export async function spend(
  tx: Tx,
  ledger: { clientId: number; balance: number; pending: number },
  amount: number,
  reason: string,
  now: Date,
  source: { statementId?: number; ticketId?: number } = {},
): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`spend: amount must be a positive integer, got ${amount}`);
  if (amount > ledger.balance) throw new ApiFailure(422, { success: false, message: NOT_ENOUGH_POINTS_MESSAGE });
  const after = { balance: ledger.balance - amount, pending: ledger.pending };
  await writeEntry(tx, ledger.clientId, { delta: -amount, kind: 'spent', reason, ...source }, now, after);
  return after.balance;
}

/** The client's balance and pending points read under the client lock, for `spend`. */
export async function lockedForSpending(tx: Tx, clientId: number, now: Date) {
  const ledger = await lockedLedger(tx, clientId, now);
  return { clientId, balance: ledger?.replay.balance ?? 0, pending: ledger?.replay.pending ?? 0 };
}

/**
 * Credits `amount` points that can be spent at once (a promo code, a survey's reward): active from
 * now for a year, with its `points.changed` event and the clinic's history line. The one entry point
 * for such credits. A client that left, or any client once a pause or end of the programme is
 * announced, is refused with 409 and the reason on `field` (credit-rules.ts): the caller's
 * transaction, with the code's or quiz's use, is rolled back. Returns the balance after the credit.
 */
export async function credit(
  tx: Tx,
  clientId: number,
  amount: number,
  reason: string,
  now: Date,
  field: string,
): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`credit: amount must be a positive integer, got ${amount}`);
  const ledger = await lockedLedger(tx, clientId, now);
  if (!ledger) throw new Error('credit: the client is gone');
  const refusal = creditRefusal(ledger);
  if (refusal) throw fieldFailure(field, refusal, 409);
  const written = await writeEntry(
    tx,
    clientId,
    {
      delta: amount,
      kind: 'credited',
      reason,
      activatesAt: now,
      expiresAt: yearAfter(now),
      history: `Начислено ${countOf(amount, BONUS_FORMS)}: ${reason}`,
    },
    now,
  );
  return written.balance;
}

/**
 * Annuls up to `amount` points (the caller holds the client lock): an annulment's own lot first
 * (`targetEntryId`, pending or active), then active points soonest-expiring first. When the amount
 * is more than that, everything there is goes (portal.md §4.7: the whole balance is annulled).
 * The clinic's history names the points annulled. Returns the entry (null when there was nothing to
 * annul) and the points annulled.
 */
export async function annul(
  tx: Tx,
  clientId: number,
  amount: number,
  entry: Omit<NewEntry, 'delta' | 'kind' | 'history'>,
  now: Date,
): Promise<{ written: WrittenEntry | null; annulled: number }> {
  const ledger = await loadLedger(tx, clientId, now);
  if (!ledger) return { written: null, annulled: 0 };
  const target = ledger.replay.lots.find(
    (lot) => lot.row.id === entry.targetEntryId && lot.remaining > 0 && lot.state !== 'expired',
  );
  const available = ledger.replay.balance + (target && target.state !== 'active' ? target.remaining : 0);
  const annulled = Math.min(amount, available);
  if (annulled <= 0) return { written: null, annulled: 0 };
  const history = `Аннулировано ${countOf(annulled, BONUS_FORMS)}: ${entry.reason}`;
  return {
    written: await writeEntry(tx, clientId, { ...entry, delta: -annulled, kind: 'annulled', history }, now),
    annulled,
  };
}

/** Annuls every point not yet used, pending ones included (leaving the programme). Returns the points annulled. */
export async function annulEverything(tx: Tx, clientId: number, reason: string, now: Date): Promise<number> {
  const ledger = await loadLedger(tx, clientId, now);
  const everything = ledger ? ledger.replay.balance + ledger.replay.pending : 0;
  if (everything <= 0) return 0;
  await writeEntry(
    tx,
    clientId,
    {
      delta: -everything,
      kind: 'annulled',
      reason,
      history: `Аннулировано ${countOf(everything, BONUS_FORMS)}: ${reason}`,
    },
    now,
  );
  return everything;
}

/**
 * Gives back the points of the given spends that were not given back yet (the caller holds the
 * client lock): each with the expiry of the points it took, or 20 days from now when that expiry
 * has passed (portal.md §4.7 "Returns"). Returns the points returned.
 */
export async function returnSpends(
  tx: Tx,
  clientId: number,
  spendIds: readonly number[],
  entry: { reason: string; statementId?: number; ticketId?: number | null },
  now: Date,
): Promise<number> {
  const ledger = await loadLedger(tx, clientId, now);
  if (!ledger || spendIds.length === 0) return 0;
  const returnedAlready = new Set(
    ledger.rows.filter((row) => row.kind === 'returned' && row.targetEntryId !== null).map((row) => row.targetEntryId),
  );
  let total = 0;
  for (const spendId of spendIds) {
    const spent = ledger.rows.find((row) => row.id === spendId && row.kind === 'spent');
    if (!spent || returnedAlready.has(spendId)) continue;
    // One returned lot per expiry; the part no lot covered (rows from before the ledger had dates) gets the grace too.
    const byExpiry = new Map<number, number>();
    let covered = 0;
    for (const part of ledger.replay.consumption.get(spendId) ?? []) {
      const expiry = part.expiresAt > now ? part.expiresAt.getTime() : now.getTime() + RETURN_GRACE_MS;
      byExpiry.set(expiry, (byExpiry.get(expiry) ?? 0) + part.amount);
      covered += part.amount;
    }
    const uncovered = -spent.delta - covered;
    if (uncovered > 0)
      byExpiry.set(now.getTime() + RETURN_GRACE_MS, (byExpiry.get(now.getTime() + RETURN_GRACE_MS) ?? 0) + uncovered);
    for (const [expiry, points] of [...byExpiry].sort((a, b) => a[0] - b[0])) {
      await writeEntry(
        tx,
        clientId,
        {
          delta: points,
          kind: 'returned',
          reason: entry.reason,
          activatesAt: now,
          expiresAt: new Date(expiry),
          targetEntryId: spendId,
          ...(entry.statementId === undefined ? {} : { statementId: entry.statementId }),
          ticketId: entry.ticketId ?? null,
        },
        now,
      );
      total += points;
    }
  }
  return total;
}

/**
 * Gives back what was spent on a statement (points for the repair, or a gift) and not given back yet:
 * the one return path of a cancelled or re-priced statement. The caller holds the client lock.
 */
export async function returnStatementSpends(
  tx: Tx,
  clientId: number,
  statement: { id: number; ticketId: number },
  reason: string,
  now: Date,
): Promise<number> {
  const spends = await tx
    .select({ id: pointsEntries.id })
    .from(pointsEntries)
    .where(
      and(
        eq(pointsEntries.clientId, clientId),
        eq(pointsEntries.statementId, statement.id),
        eq(pointsEntries.kind, 'spent'),
      ),
    );
  return returnSpends(
    tx,
    clientId,
    spends.map((spent) => spent.id),
    { reason, statementId: statement.id, ticketId: statement.ticketId },
    now,
  );
}
