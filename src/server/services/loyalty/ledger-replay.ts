import type { PointsKind } from '#server/db/schema/loyalty.ts';
import { DAY_MS } from '#shared/durations.ts';

// The loyalty ledger's rules as one pure function (portal.md §4.7, ADR 0016). The database keeps
// only what happened (credits with their dates, debits); what a point is *now* — pending, active,
// spent, expired, annulled — is replayed from those rows and the clock on every read, so nothing
// depends on a job having run on time. Debits are replayed in the order they were written and
// each takes, at its own time, the soonest-expiring active points first: a replay later always
// consumes the same lots it consumed when it was checked, so a return knows which expiry to give back.

export type PointsState = 'pending' | 'active' | 'spent' | 'expired' | 'annulled';

/** portal.md §4.7: activated no later than 2 calendar days after the operation. */
export const ACTIVATION_DELAY_MS = 2 * DAY_MS;
/** A return whose original expiry has lapsed gets 20 more days. */
export const RETURN_GRACE_MS = 20 * DAY_MS;
/** A suspension restored after more than 30 days credits only the last 30 days' operations. */
export const SUSPENSION_LOOKBACK_MS = 30 * DAY_MS;
/** The page warns about points that expire within 30 days. */
export const EXPIRY_WARNING_MS = 30 * DAY_MS;

/** Usable for 1 calendar year from activation. */
export function yearAfter(moment: Date): Date {
  const next = new Date(moment);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

export interface LedgerRow {
  id: number;
  delta: number;
  kind: PointsKind;
  reason: string;
  createdAt: Date;
  occurredAt: Date | null;
  activatesAt: Date | null;
  expiresAt: Date | null;
  targetEntryId: number | null;
}

export interface LedgerContext {
  now: Date;
  /** The client's participation is suspended since then: nothing written or activating since activates. */
  suspendedSince: Date | null;
  /** Moments the programme ended (all unused points annulled), ascending, none after `now`. */
  programmeEnds: Date[];
}

export interface Consumption {
  lotId: number;
  amount: number;
  /** The lot's expiry: a return gives it back (or 20 days when it has passed). */
  expiresAt: Date;
}

export interface LotState {
  row: LedgerRow;
  activatesAt: Date;
  expiresAt: Date;
  /** Not yet consumed, voided or expired away (expired points stay here; see `state`). */
  remaining: number;
  held: boolean;
  spent: number;
  annulled: number;
  /** Annulled because the programme ended, and when. */
  voided: number;
  voidedAt: Date | null;
  state: PointsState;
}

export interface LedgerReplay {
  balance: number;
  pending: number;
  lots: LotState[];
  /** For each debit: the lots it consumed. */
  consumption: Map<number, Consumption[]>;
  stateOf(row: LedgerRow): PointsState;
}

const isCredit = (row: LedgerRow) => row.delta > 0;

/** Rows from before the ledger had dates (activates_at null) were spendable from the start. */
const ALWAYS = new Date(0);

function lotOf(row: LedgerRow, suspendedSince: Date | null): LotState {
  const activatesAt = row.activatesAt ?? ALWAYS;
  const held = suspendedSince !== null && (activatesAt > suspendedSince || row.createdAt > suspendedSince);
  return {
    row,
    activatesAt,
    expiresAt: row.expiresAt ?? yearAfter(row.createdAt),
    remaining: row.delta,
    held,
    spent: 0,
    annulled: 0,
    voided: 0,
    voidedAt: null,
    state: 'active',
  };
}

const activeAt = (lot: LotState, t: Date) => !lot.held && lot.activatesAt <= t && t < lot.expiresAt;
const bySoonestExpiry = (a: LotState, b: LotState) =>
  a.expiresAt.getTime() - b.expiresAt.getTime() || a.row.id - b.row.id;
const bySoonestActivation = (a: LotState, b: LotState) =>
  a.activatesAt.getTime() - b.activatesAt.getTime() || a.row.id - b.row.id;

/** The order a debit takes lots in: its own lot (an annulment's), active by expiry, then (annulments) the rest. */
function candidates(lots: LotState[], debit: LedgerRow): LotState[] {
  const t = debit.createdAt;
  const open = lots.filter((lot) => lot.remaining > 0 && t < lot.expiresAt);
  const target =
    debit.kind === 'annulled' && debit.targetEntryId !== null
      ? open.filter((lot) => lot.row.id === debit.targetEntryId)
      : [];
  const active = open.filter((lot) => activeAt(lot, t) && !target.includes(lot)).sort(bySoonestExpiry);
  const rest =
    debit.kind === 'annulled'
      ? open.filter((lot) => !activeAt(lot, t) && !target.includes(lot)).sort(bySoonestActivation)
      : [];
  return [...target, ...active, ...rest];
}

function take(lot: LotState, debit: LedgerRow, wanted: number, consumption: Consumption[]): number {
  const amount = Math.min(wanted, lot.remaining);
  if (amount <= 0) return 0;
  lot.remaining -= amount;
  if (debit.kind === 'annulled') lot.annulled += amount;
  else lot.spent += amount;
  consumption.push({ lotId: lot.row.id, amount, expiresAt: lot.expiresAt });
  return amount;
}

function voidAll(lots: LotState[], end: Date): void {
  for (const lot of lots) {
    if (lot.remaining > 0 && end < lot.expiresAt) {
      lot.voided += lot.remaining;
      lot.voidedAt = end;
      lot.remaining = 0;
    }
  }
}

function finalState(lot: LotState, now: Date): PointsState {
  if (lot.remaining > 0) {
    if (lot.expiresAt <= now) return 'expired';
    if (lot.held || lot.activatesAt > now) return 'pending';
    return 'active';
  }
  return lot.spent > lot.annulled + lot.voided ? 'spent' : 'annulled';
}

/** Replays a client's ledger rows (any order) as of `context.now`. */
export function replayLedger(rows: readonly LedgerRow[], context: LedgerContext): LedgerReplay {
  const ordered = [...rows].sort((a, b) => a.id - b.id);
  const ends = [...context.programmeEnds].sort((a, b) => a.getTime() - b.getTime());
  const lots: LotState[] = [];
  const consumption = new Map<number, Consumption[]>();
  // Debits older rows could not cover (only rows written before the ledger had dates): later credits pay them first.
  const owed: Array<{ debit: LedgerRow; amount: number }> = [];
  let nextEnd = 0;
  for (const row of ordered) {
    while (nextEnd < ends.length && (ends[nextEnd] as Date) <= row.createdAt) voidAll(lots, ends[nextEnd++] as Date);
    if (isCredit(row)) {
      const lot = lotOf(row, context.suspendedSince);
      lots.push(lot);
      while (owed.length > 0 && lot.remaining > 0) {
        const debt = owed[0] as { debit: LedgerRow; amount: number };
        debt.amount -= take(lot, debt.debit, debt.amount, consumption.get(debt.debit.id) ?? []);
        if (debt.amount === 0) owed.shift();
      }
      continue;
    }
    const taken: Consumption[] = [];
    consumption.set(row.id, taken);
    let wanted = -row.delta;
    for (const lot of candidates(lots, row)) {
      if (wanted === 0) break;
      wanted -= take(lot, row, wanted, taken);
    }
    if (wanted > 0) owed.push({ debit: row, amount: wanted });
  }
  while (nextEnd < ends.length) voidAll(lots, ends[nextEnd++] as Date);

  let balance = 0;
  let pending = 0;
  for (const lot of lots) {
    lot.state = finalState(lot, context.now);
    if (lot.state === 'active') balance += lot.remaining;
    if (lot.state === 'pending') pending += lot.remaining;
  }
  const byId = new Map(lots.map((lot) => [lot.row.id, lot]));
  return {
    balance,
    pending,
    lots,
    consumption,
    stateOf: (row) => byId.get(row.id)?.state ?? (row.kind === 'annulled' ? 'annulled' : 'spent'),
  };
}
