import type { TICKET_STATUSES } from './ticket-statuses.ts';

// The ticket's status as the clinic sees it (ADR 0021). The back office sets 'Требует согласования'
// when quotes wait for the clinic; once the clinic has decided on every one, the ticket must stop
// asking at once, not when the back office next writes. Its next status wins when it comes: only
// status 5 is read through the decisions. The server computes it (ticket page and list alike;
// the list's SQL mirrors it in src/server/services/tickets/list.ts) so both always agree.

/** Ticket status codes this derivation reads or gives (TICKET_STATUSES). */
export const TICKET_STATUS = { awaitingApproval: 1, needsDecision: 5, worksAgreed: 6 } as const satisfies Record<
  string,
  keyof typeof TICKET_STATUSES
>;

/** How the ticket's statements stand: counted by the server in one query. */
export interface StatementTally {
  /** Every statement of the ticket. */
  total: number;
  /** Open quotes (isOpenQuote: not decided, not closed or cancelled by the back office): each waits for the clinic. */
  undecided: number;
  /** Approved or traded in: the service centre goes ahead with something. */
  goAhead: number;
  /** Under discussion: the clinic asked, the service centre owes an answer (still open, not agreed). */
  discussed: number;
}

/** A decision is awaited from the clinic: the ticket is open and some statement is undecided (`dv_approve_need`). */
export function awaitsClinic(ticket: { finished: boolean }, tally: StatementTally): boolean {
  return !ticket.finished && tally.undecided > 0;
}

/**
 * The status code shown: the back office's, except 'Требует согласования' with nothing left to
 * decide, which becomes 'Работы согласованы' when some repair or exchange was agreed and no quote
 * is still under discussion, else 'Ожидает одобрения': the service centre's move (an answer to a
 * question, or the next step after rejections).
 */
export function clinicTicketStatus(ticket: { status: number; finished: boolean }, tally: StatementTally): number {
  if (ticket.status !== TICKET_STATUS.needsDecision || tally.total === 0 || awaitsClinic(ticket, tally))
    return ticket.status;
  return tally.goAhead > 0 && tally.discussed === 0 ? TICKET_STATUS.worksAgreed : TICKET_STATUS.awaitingApproval;
}
