// Test data for the decision popups: statements as the ticket page hands them over.
import { act } from '@testing-library/react';
import type { Gift } from '#shared/screens/decisions.ts';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { useDecisionDialog, type DecisionRequest } from '../decision-dialog-store.ts';

export const TICKET_ID = 55;

export function statement(overrides: Partial<DefectStatement> = {}): DefectStatement {
  return {
    id: 101,
    ticket_id: TICKET_ID,
    series: 'A-1001',
    status: 1,
    type: 1,
    name: 'Турбина W&H',
    defect: 'Износ подшипников ротора',
    conclusion: 'Требуется замена ротора',
    download_link: null,
    id_1c: null,
    photos: [],
    departure: null,
    sum: '12500.00',
    agreed: 0,
    trade_is_enabled: true,
    version: 3,
    decision_comment: null,
    decision_author: null,
    trade_in: null,
    answer: null,
    ...overrides,
  };
}

export const turbine = statement();
export const scaler = statement({
  id: 102,
  series: 'S-2002',
  type: 3,
  name: 'Скалер EMS',
  defect: 'Нет подачи воды',
  sum: '8700.50',
  version: 7,
});

export function gift(overrides: Partial<Gift> = {}): Gift {
  return {
    id: 1,
    name: 'Набор боров',
    cost: 500,
    image: '/img/burs.png',
    is_available: true,
    need_balls: 0,
    ...overrides,
  };
}

export function loyalty(
  overrides: { ballsAvailable?: number; ballsForDiscount?: number; giftsAvailable?: Gift[] } = {},
) {
  return {
    body: {
      success: true,
      ballsAvailable: 1500,
      ballsForDiscount: 1500,
      giftsAvailable: [
        gift(),
        gift({ id: 2, name: 'Смазка для наконечников', cost: 2500, is_available: false, need_balls: 1001 }),
      ],
      ...overrides,
    },
  };
}

export const decided = (message = 'Ремонт согласован', balls = 0) => ({ body: { success: true, message, balls } });

export function openDecision(kind: DecisionRequest['kind'], statements: DefectStatement[]): void {
  act(() => useDecisionDialog.getState().open({ kind, ticketId: TICKET_ID, statements }));
}

/** A fetch that never reached the server (what the browser throws when offline). */
export function offline(): never {
  throw new TypeError('Failed to fetch');
}

type Answer = { status?: number; body: unknown } | (() => never);

/** A route handler answering in turn (the last answer repeats); a function answer throws like fetch does. */
export function inTurn(...answers: Answer[]) {
  let index = 0;
  return () => {
    const answer = answers[Math.min(index, answers.length - 1)];
    index += 1;
    if (answer === undefined) throw new Error('no answer');
    return typeof answer === 'function' ? answer() : answer;
  };
}
