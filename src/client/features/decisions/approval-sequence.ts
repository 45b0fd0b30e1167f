import { useCallback, useRef, useState } from 'react';
import type { Gift } from '#shared/screens/decisions.ts';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import { asApiError } from '#client/lib/http.ts';
import { approve } from './api.ts';
import { seenStatements } from './flow-props.ts';
import { newIdempotencyKey } from './idempotency-key.ts';
import { isRetryable } from './use-decision-send.ts';

// The points popup over several statements (cabinet.md §4): the user chooses per
// statement, and only after the last choice do the approvals go, one call each (points and gifts
// go with one statement only), in order, the last marked as the end. Nothing is applied while the
// user is still choosing, so closing half-way leaves the ticket as it was.

/** What the user chose for one statement: points on the repair, a gift, or neither. */
export interface PointsChoice {
  balls: number;
  gift: Pick<Gift, 'id' | 'name' | 'cost'> | null;
}

/** Points the choice takes from the balance. */
export const choiceCost = (choice: PointsChoice): number => choice.balls + (choice.gift?.cost ?? 0);

/** The choice in words, after the instrument's name: 'списать 1 000 бонусов'. */
export function describeChoice(choice: PointsChoice): string {
  if (choice.gift) return `подарок «${choice.gift.name}»`;
  if (choice.balls > 0) return `списать ${countOf(choice.balls, BONUS_FORMS)}`;
  return 'без бонусов';
}

export type StepOutcome =
  | { state: 'applied' }
  /** Kept by the service worker, sent when the network is back (ADR 0010). */
  | { state: 'queued' }
  /** The server said no (409, 422): this one is not applied; the others went on. */
  | { state: 'refused'; message: string }
  /** No answer (network, 5xx): not applied; this and the rest wait for 'Повторить'. */
  | { state: 'unsent'; message: string }
  | { state: 'waiting' };

export type SequenceState =
  { phase: 'idle' } | { phase: 'sending'; outcomes: StepOutcome[] } | { phase: 'finished'; outcomes: StepOutcome[] };

/** Applied, kept for later, or refused: nothing more to send for it ('Повторить' sends only what the connection stopped). */
const isSettled = (outcome: StepOutcome | undefined) =>
  outcome !== undefined && outcome.state !== 'unsent' && outcome.state !== 'waiting';

/**
 * Sends the chosen approvals in order. Each statement's Idempotency-Key is made once and reused by
 * 'Повторить', so an approval that reached the server before the connection dropped is answered
 * from its record instead of being applied twice.
 */
export function useApprovalSequence(ticketId: number, statements: readonly DefectStatement[]) {
  const [state, setState] = useState<SequenceState>({ phase: 'idle' });
  const keys = useRef(new Map<number, string>());
  const last = statements.length - 1;

  const run = useCallback(
    async (choices: readonly PointsChoice[], earlier: readonly StepOutcome[] = []) => {
      const outcomes: StepOutcome[] = statements.map((_, index) =>
        isSettled(earlier[index]) ? earlier[index]! : { state: 'waiting' },
      );
      setState({ phase: 'sending', outcomes: [...outcomes] });
      for (const [index, statement] of statements.entries()) {
        if (isSettled(outcomes[index])) continue;
        const choice = choices[index] ?? { balls: 0, gift: null };
        const key = keys.current.get(statement.id) ?? newIdempotencyKey();
        keys.current.set(statement.id, key);
        const payload = {
          ticket_id: ticketId,
          defects: seenStatements([statement]),
          balls: choice.balls,
          gift: choice.gift?.id ?? null,
          end: index === last,
        };
        try {
          const answer = await approve(payload, key, [statement]);
          outcomes[index] = { state: answer.queued ? 'queued' : 'applied' };
        } catch (caught) {
          const error = asApiError(caught);
          if (isRetryable(error.status)) {
            // The connection is the problem, not the statement: the rest would fail alike.
            outcomes[index] = { state: 'unsent', message: error.message };
            setState({ phase: 'finished', outcomes });
            return outcomes;
          }
          outcomes[index] = { state: 'refused', message: error.message };
        }
        setState({ phase: 'sending', outcomes: [...outcomes] });
      }
      setState({ phase: 'finished', outcomes });
      return outcomes;
    },
    [ticketId, statements, last],
  );

  return { state, run };
}
