import { BONUS_TEXTS } from '#shared/screens/bonuses.ts';
import type { ProgrammeStatus } from '#server/services/loyalty/programme-rules.ts';

// Whether a client can be credited points now (portal.md §4.7 "Participation", "Programme end";
// ADR 0016, amended): the same rule for every kind of credit — bills, operations, promo codes, surveys. A
// client that left earns nothing until it rejoins; from the announcement of a pause or end nothing
// is credited. A suspension is not a refusal: the points are written and held (ledger-replay.ts).
// Apart from points.ts and loyalty-accrual.ts so that both read it without importing each other.

export type NotCrediting = 'left' | 'programme';

export function notCreditingBecause(ledger: { state: string; programme: ProgrammeStatus }): NotCrediting | null {
  if (ledger.state === 'left') return 'left';
  if (!ledger.programme.crediting) return 'programme';
  return null;
}

/** The Russian reason a promo code or a survey credits nothing, or null when it credits. */
export function creditRefusal(ledger: { state: string; programme: ProgrammeStatus }): string | null {
  const why = notCreditingBecause(ledger);
  if (why === 'left') return BONUS_TEXTS.left;
  if (why === 'programme')
    return ledger.programme.state === 'paused' ? BONUS_TEXTS.programmePaused : BONUS_TEXTS.programmeEnding;
  return null;
}
