import { defectStatusLabel } from './defect-statuses.ts';

// What the clinic decided on a repair quote (a statement, the API's `defective_lists[].agreed`),
// and the statement statuses a decision sets. One dictionary for the server, the page and the worker.

/** `agreed` codes of a statement: 0 until the clinic decides. */
export const AGREED = { none: 0, approved: 1, rejected: 2, discussed: 3, tradeIn: 4 } as const;
export type AgreedCode = (typeof AGREED)[keyof typeof AGREED];

/** What was decided, in words that finish 'Решение уже принято: …'. */
export const AGREED_LABELS: Readonly<Record<number, string>> = {
  [AGREED.approved]: 'ремонт согласован',
  [AGREED.rejected]: 'от ремонта отказались',
  [AGREED.discussed]: 'ремонт на обсуждении',
  [AGREED.tradeIn]: 'обмен на новый инструмент',
};

/** Statement statuses (src/shared/dictionaries/defect-statuses.ts) that the clinic's decisions set. */
export const STATEMENT_STATUS = { awaiting: 1, agreed: 2, closed: 3, cancelled: 4 } as const;

/** True while the clinic has not decided on the statement yet. */
export const isUndecided = (statement: { agreed: number }): boolean => statement.agreed === AGREED.none;

/** Why the back office no longer takes a decision on a statement (cabinet.md §4). */
export type DecisionClosedReason = 'ticketFinished' | 'statementClosed' | 'statementCancelled';

/**
 * Why no decision can be taken on this statement although the clinic may not have decided: the
 * ticket is finished, or the back office closed or cancelled the quote. Null while it is open.
 * Server, page and worker read the same rule: the page hides the buttons, the server refuses (409).
 */
export function decisionClosedReason(
  statement: { status: number },
  ticket: { finished: boolean },
): DecisionClosedReason | null {
  if (ticket.finished) return 'ticketFinished';
  if (statement.status === STATEMENT_STATUS.closed) return 'statementClosed';
  if (statement.status === STATEMENT_STATUS.cancelled) return 'statementCancelled';
  return null;
}

/** Undecided and not withdrawn by the back office (closed or cancelled): the quote still waits for the clinic. */
export const isOpenQuote = (statement: { agreed: number; status: number }): boolean =>
  isUndecided(statement) && decisionClosedReason(statement, { finished: false }) === null;

/** The clinic asked about it and the service centre has not answered by a status of its own yet. */
export const isOpenDiscussion = (statement: { agreed: number; status: number }): boolean =>
  statement.agreed === AGREED.discussed && statement.status === STATEMENT_STATUS.awaiting;

/** The clinic can still decide on it: an open quote of a ticket that is not finished. */
export const awaitsDecision = (statement: { agreed: number; status: number }, ticket: { finished: boolean }): boolean =>
  isOpenQuote(statement) && !ticket.finished;

/** What the clinic decided, as a statement's badge says it (cabinet.md §3 instrument statuses 3–5, and trade-in). */
export const DECISION_BADGES: Readonly<Record<number, string>> = {
  [AGREED.approved]: 'Работы согласованы',
  [AGREED.rejected]: 'Отказ от ремонта',
  [AGREED.discussed]: 'На обсуждении',
  [AGREED.tradeIn]: 'Обмен на новый инструмент',
};

/** The badge of a statement whose decision the service worker keeps until the network is back. */
export const PENDING_DECISION_BADGE = 'Ожидает отправки';

/** The status each decision leaves the statement in (decisions.ts): discussing and trading in keep it awaiting. */
const STATUS_AFTER_DECISION: Readonly<Record<number, number>> = {
  [AGREED.approved]: STATEMENT_STATUS.agreed,
  [AGREED.rejected]: STATEMENT_STATUS.cancelled,
  [AGREED.discussed]: STATEMENT_STATUS.awaiting,
  [AGREED.tradeIn]: STATEMENT_STATUS.awaiting,
};

/**
 * Whose word the statement's badge shows: the clinic's decision while the status is still the one
 * the decision left (or 'awaiting'), the back office's status once it set another one since
 * (closed, cancelled, or agreed after a discussion) — its later word wins.
 */
export function showsDecision(statement: { status: number; agreed: number }): boolean {
  if (isUndecided(statement) || DECISION_BADGES[statement.agreed] === undefined) return false;
  return statement.status === STATEMENT_STATUS.awaiting || statement.status === STATUS_AFTER_DECISION[statement.agreed];
}

/**
 * The statement's repair cost counts in the ticket's 'Стоимость работ' unless there will be no
 * repair: the clinic rejected it or took a new instrument instead, or the back office cancelled it.
 */
export function countsTowardsCost(statement: { status: number; agreed: number }): boolean {
  return (
    statement.agreed !== AGREED.rejected &&
    statement.agreed !== AGREED.tradeIn &&
    statement.status !== STATEMENT_STATUS.cancelled
  );
}

/**
 * The words of a statement's badge, on the page and in the PDF: 'Ожидает отправки' while the
 * decision waits in the outbox, the clinic's decision (showsDecision), else the back office's status.
 */
export function statementBadgeLabel(statement: { status: number; agreed: number }, pending = false): string {
  if (pending && isUndecided(statement)) return PENDING_DECISION_BADGE;
  return showsDecision(statement) ? (DECISION_BADGES[statement.agreed] ?? '') : defectStatusLabel(statement.status);
}
