import { awaitsDecision, isUndecided } from '#shared/dictionaries/statement-decisions.ts';
import type { DefectStatement, Ticket } from '#shared/api/tickets.ts';
import { sumMoney } from '#shared/format/number/kopecks.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DecisionTally } from './ticket-summary-decided.tsx';
import styles from './ticket-summary.module.css';

export interface TicketMassActionsProps {
  ticket: Ticket;
  selected: DefectStatement[];
  /** Desktop (≥ 1280 px) shows the selected cost here; narrower screens show it in the bottom bar. */
  desktop: boolean;
  /** Statements with a decision waiting to be sent (the service worker's outbox): not offered again. */
  pendingIds: readonly number[];
  onApprove(statements: DefectStatement[]): void;
  onReject(statements: DefectStatement[]): void;
}

/**
 * The statements a mass action may touch: those still open for a decision (cabinet.md §4 Approval:
 * not agreed yet, not closed or cancelled by the back office, on a ticket not finished) and with no
 * decision waiting to be sent — that one would be refused or would overtake it.
 */
export function undecided(ticket: Ticket, pendingIds: readonly number[]): DefectStatement[] {
  return ticket.defective_lists.filter(
    (statement) => awaitsDecision(statement, ticket) && !pendingIds.includes(statement.id),
  );
}

/** The total of some statements' costs, summed in kopecks. */
export function costOf(statements: readonly DefectStatement[]): string {
  return sumMoney(statements.map((statement) => statement.sum ?? '0'));
}

const HINT =
  'Отметьте инструменты, чтобы согласовать или отклонить ремонт нескольких сразу. Без отметок «Отказ» относится ко всем несогласованным инструментам.';

/** Why there is nothing left to decide, in place of the hint (so the block keeps its size). */
function nothingLeftReason(ticket: Ticket, pendingIds: readonly number[]): string {
  if (!ticket.defective_lists.some((statement) => isUndecided(statement) && pendingIds.includes(statement.id))) {
    // Some were closed or cancelled by the service centre without a decision: 'all decided' would not be true.
    const withdrawn = ticket.defective_lists.some(
      (statement) => isUndecided(statement) && !awaitsDecision(statement, ticket),
    );
    return withdrawn ? 'Нет ведомостей, ожидающих решения.' : 'Решения по всем ведомостям уже приняты.';
  }
  return ticket.defective_lists.every((statement) => isUndecided(statement))
    ? 'Решения по всем ведомостям ожидают отправки.'
    : 'Решения по всем ведомостям приняты или ожидают отправки.';
}

/**
 * Mass approval and rejection: 'Согласовать все' only while nothing is ticked (every statement with
 * agreed = 0 and no decision waiting to be sent), 'Согласовать выбранные' on the ticked ones, 'Отказ'
 * on the ticked ones or on all of those when none is ticked. With none left, no buttons: the block
 * says what was decided, with the cost of the works that remain.
 */
export function TicketMassActions({
  ticket,
  selected,
  desktop,
  pendingIds,
  onApprove,
  onReject,
}: TicketMassActionsProps) {
  const open = undecided(ticket, pendingIds);
  const nothingSelected = selected.length === 0;
  const noneLeft = open.length === 0;
  return (
    <section className={styles.mass} aria-labelledby="ticket-mass-title">
      <h2 id="ticket-mass-title" className="visually-hidden">
        Согласование работ
      </h2>
      <p className={styles.hint}>{noneLeft ? nothingLeftReason(ticket, pendingIds) : HINT}</p>
      {noneLeft && <DecisionTally ticket={ticket} pendingIds={pendingIds} />}
      <dl className={styles.costs}>
        <div>
          <dt>Стоимость работ</dt>
          <dd>{formatMoney(ticket.cost)}</dd>
        </div>
        {desktop && !noneLeft && (
          <div>
            <dt>Стоимость выбранных работ</dt>
            <dd aria-live="polite">{formatMoney(costOf(selected))}</dd>
          </div>
        )}
      </dl>
      {!noneLeft && (
        <div className={styles.buttons}>
          {nothingSelected && (
            <Button block onClick={() => onApprove(open)}>
              Согласовать все
            </Button>
          )}
          <Button
            block
            variant={nothingSelected ? 'secondary' : 'primary'}
            disabled={nothingSelected}
            onClick={() => onApprove(selected)}
          >
            Согласовать выбранные
          </Button>
          <Button block variant="secondary" onClick={() => onReject(nothingSelected ? open : selected)}>
            Отказ
          </Button>
        </div>
      )}
    </section>
  );
}
