import type { DefectStatement, Ticket } from '#shared/api/tickets.ts';
import { sumMoney } from '#shared/format/number/kopecks.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import styles from './ticket-summary.module.css';

export interface TicketMassActionsProps {
  ticket: Ticket;
  selected: DefectStatement[];
  desktop: boolean;
  onApprove(statements: DefectStatement[]): void;
  onReject(statements: DefectStatement[]): void;
}

/** The statements a mass action may touch: those not agreed yet (cabinet.md §4 Approval). */
export function notAgreed(ticket: Ticket): DefectStatement[] {
  return ticket.defective_lists.filter((statement) => statement.agreed === 0);
}

/** The total of some statements' costs, summed in kopecks. */
export function costOf(statements: readonly DefectStatement[]): string {
  return sumMoney(statements.map((statement) => statement.sum));
}

/**
 * Mass approval and rejection: 'Согласовать все' only while nothing is ticked (every statement with
 * agreed = 0), 'Согласовать выбранные' on the ticked ones, 'Отказ' on the ticked ones or on all not
 * agreed when none is ticked.
 */
export function TicketMassActions({ ticket, selected, desktop, onApprove, onReject }: TicketMassActionsProps) {
  const open = notAgreed(ticket);
  const nothingSelected = selected.length === 0;
  return (
    <section className={styles.mass} aria-labelledby="ticket-mass-title">
      <h2 id="ticket-mass-title" className="visually-hidden">
        Согласование работ
      </h2>
      <p className={styles.hint}>
        Отметьте инструменты, чтобы согласовать или отклонить ремонт нескольких сразу. Без отметок «Отказ» относится ко
        всем несогласованным инструментам.
      </p>
      <dl className={styles.costs}>
        <div>
          <dt>Стоимость работ</dt>
          <dd>{formatMoney(ticket.cost)}</dd>
        </div>
        {desktop && (
          <div>
            <dt>Стоимость выбранных работ</dt>
            <dd aria-live="polite">{formatMoney(costOf(selected))}</dd>
          </div>
        )}
      </dl>
      <div className={styles.buttons}>
        {nothingSelected && (
          <Button block disabled={open.length === 0} onClick={() => onApprove(open)}>
            Согласовать все
          </Button>
        )}
        <Button block variant={nothingSelected ? 'secondary' : 'primary'} disabled={nothingSelected} onClick={() => onApprove(selected)}>
          Согласовать выбранные
        </Button>
        <Button
          block
          variant="secondary"
          disabled={nothingSelected && open.length === 0}
          onClick={() => onReject(nothingSelected ? open : selected)}
        >
          Отказ
        </Button>
      </div>
    </section>
  );
}
