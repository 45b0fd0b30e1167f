import type { DefectStatement } from '#shared/api/tickets.ts';
import type { DecisionRequest } from './decision-dialog-store.ts';

/** What the host gives each decision popup. */
export interface DecisionFlowProps {
  request: DecisionRequest;
  onClose: () => void;
  /**
   * The decision is made: close the popup, tell the user `message`, reload the ticket. `queued`:
   * only kept by the service worker for later (no network), so there is nothing to reload yet.
   */
  onDone: (message: string, queued?: boolean) => void;
  /** The ticket changed on the server (a 409, or part of a sequence decided): reload it, keep the popup. */
  onChanged: () => void;
}

/** The statements as the user saw them: the server refuses the decision if any `version` moved since (409). */
export function seenStatements(statements: readonly DefectStatement[]): { id: number; version: number }[] {
  return statements.map(({ id, version }) => ({ id, version }));
}
