import type { DefectStatement, Ticket } from '#shared/api/tickets.ts';
import { InstrumentCard } from './instrument-card.tsx';
import { StatementCard, type StatementActions } from './statement-card.tsx';
import { isServiceCentre, ServiceCentreCard } from './ticket-page-office.tsx';
import styles from './ticket-page.module.css';

export interface TicketContentProps extends StatementActions {
  ticket: Ticket;
  selectedIds: readonly number[];
  /** Statements with a decision waiting to be sent (the service worker's outbox). */
  pendingIds?: readonly number[];
  onSelectedChange(statement: DefectStatement, selected: boolean): void;
}

/**
 * The right column when the history is closed (cabinet.md §2): the service-centre card for a
 * regional centre; else the statements, else the instruments, else the empty text.
 */
export function TicketContent({
  ticket,
  selectedIds,
  pendingIds = [],
  onSelectedChange,
  ...actions
}: TicketContentProps) {
  if (isServiceCentre(ticket.office)) return <ServiceCentreCard office={ticket.office} />;

  if (ticket.defective_lists.length > 0) {
    return (
      <section className={styles.list} aria-labelledby="ticket-statements-title">
        <h2 id="ticket-statements-title" className={styles.listTitle}>
          Дефектные ведомости
        </h2>
        {ticket.defective_lists.map((statement) => (
          <StatementCard
            key={statement.id}
            statement={statement}
            ticketFinished={ticket.finished}
            selected={selectedIds.includes(statement.id)}
            pending={pendingIds.includes(statement.id)}
            readOnly={ticket.cost === null}
            onSelectedChange={onSelectedChange}
            {...actions}
          />
        ))}
      </section>
    );
  }

  if (ticket.instruments.length > 0) {
    return (
      <section className={styles.list} aria-labelledby="ticket-instruments-title">
        <h2 id="ticket-instruments-title" className={styles.listTitle}>
          Инструменты
        </h2>
        {ticket.instruments.map((instrument) => (
          <InstrumentCard key={instrument.id} instrument={instrument} />
        ))}
      </section>
    );
  }

  return <p className={styles.empty}>У Вас пока нет инструментов или дефектных ведомостей</p>;
}
