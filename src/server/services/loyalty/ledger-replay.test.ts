import { describe, expect, it } from 'vitest';
import { replayLedger, type LedgerRow } from './ledger-replay.ts';
import { splitProportionally } from '../integration/loyalty-operations.ts';

// The ledger's pure rules (ADR 0016), without a database: what a debit takes and what is left.

const at = (iso: string) => new Date(iso);
let nextId = 0;
function row(delta: number, createdAt: string, extra: Partial<LedgerRow> = {}): LedgerRow {
  nextId += 1;
  return {
    id: nextId,
    delta,
    kind: delta > 0 ? 'credited' : 'spent',
    reason: 'тест',
    createdAt: at(createdAt),
    occurredAt: null,
    activatesAt: delta > 0 ? at(createdAt) : null,
    expiresAt: null,
    targetEntryId: null,
    ...extra,
  };
}
const context = (now: string) => ({ now: at(now), suspendedSince: null, programmeEnds: [] });

describe('replayLedger', () => {
  it('a debit takes, at its own time, the active lots soonest-expiring first; a later credit changes nothing it took', () => {
    const late = row(100, '2026-03-01T00:00:00Z', { expiresAt: at('2027-03-01T00:00:00Z') });
    const soon = row(100, '2026-03-02T00:00:00Z', { expiresAt: at('2026-06-01T00:00:00Z') });
    const spend = row(-150, '2026-03-03T00:00:00Z');
    const afterwards = row(100, '2026-03-04T00:00:00Z', { expiresAt: at('2026-04-01T00:00:00Z') });
    const replay = replayLedger([late, soon, spend, afterwards], context('2026-03-05T00:00:00Z'));
    expect(replay.consumption.get(spend.id)).toEqual([
      { lotId: soon.id, amount: 100, expiresAt: at('2026-06-01T00:00:00Z') },
      { lotId: late.id, amount: 50, expiresAt: at('2027-03-01T00:00:00Z') },
    ]);
    expect(replay.balance).toBe(150);
  });

  it('pending points are not spent; they count apart until their date', () => {
    const pending = row(80, '2026-03-01T00:00:00Z', { kind: 'earned', activatesAt: at('2026-03-03T00:00:00Z') });
    expect(replayLedger([pending], context('2026-03-02T00:00:00Z'))).toMatchObject({ balance: 0, pending: 80 });
    expect(replayLedger([pending], context('2026-03-03T00:00:00Z'))).toMatchObject({ balance: 80, pending: 0 });
  });

  it('rows from before the ledger had dates are active, and a debit they could not cover is paid by the next credit', () => {
    const debit = row(-30, '2026-03-01T00:00:00Z');
    const credit = row(100, '2026-03-02T00:00:00Z', { activatesAt: null });
    expect(replayLedger([debit, credit], context('2026-03-03T00:00:00Z')).balance).toBe(70);
  });

  it('the programme’s end annuls what is unused, pending included, and nothing after it', () => {
    const used = row(100, '2026-03-01T00:00:00Z');
    const spend = row(-40, '2026-03-02T00:00:00Z');
    const pending = row(50, '2026-03-09T00:00:00Z', { kind: 'earned', activatesAt: at('2026-03-11T00:00:00Z') });
    const after = row(10, '2026-03-12T00:00:00Z');
    const replay = replayLedger([used, spend, pending, after], {
      now: at('2026-03-20T00:00:00Z'),
      suspendedSince: null,
      programmeEnds: [at('2026-03-10T00:00:00Z')],
    });
    expect(replay).toMatchObject({ balance: 10, pending: 0 });
    expect(replay.lots.map((lot) => [lot.state, lot.voided])).toEqual([
      ['annulled', 60],
      ['annulled', 50],
      ['active', 0],
    ]);
  });
});

describe('splitProportionally', () => {
  it('gives whole numbers that add up to the total, the largest remainders getting the rounding', () => {
    expect(splitProportionally(50, [33_333n, 33_333n, 33_334n])).toEqual([17, 16, 17]);
    expect(splitProportionally(300, [100_000n, 200_000n, 300_000n])).toEqual([50, 100, 150]);
    expect(splitProportionally(7, [1n, 1n, 1n])).toEqual([3, 2, 2]);
    expect(splitProportionally(0, [1n, 2n])).toEqual([0, 0]);
  });
});
