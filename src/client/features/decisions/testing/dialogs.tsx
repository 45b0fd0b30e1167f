// The set-up the decision popups' tests share: a popup store with nothing open before each test, the
// fetch stub removed after it, and the popups rendered as the ticket page renders them.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { useDecisionDialog } from '../decision-dialog-store.ts';
import { DecisionDialogs } from '../decision-dialogs.tsx';
import { openDecision, turbine } from './fixtures.ts';

export type User = ReturnType<typeof userEvent.setup>;

/** Called once at the top of a test file: each test starts with no popup open and no fetch stub left over. */
export function startEachTestWithNoPopup() {
  beforeEach(() => {
    useDecisionDialog.setState({ request: null, serial: 0 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** The popups of a clinic with `balls` points; `onDecided` records each ticket decided. */
export function renderDecisionDialogs(balls: number) {
  const onDecided = vi.fn();
  render(<DecisionDialogs balls={balls} onDecided={onDecided} />);
  return { onDecided, user: userEvent.setup() };
}

/** Opens the approval of `statements` and confirms it, which with points opens the points popup. */
export async function openPoints(user: User, statements = [turbine]) {
  openDecision('approve', statements);
  await user.click(screen.getByRole('button', { name: 'Согласовать' }));
  return screen.findByRole('dialog', { name: 'Списание бонусов' });
}
