import type { Ticket } from '#shared/api/tickets.ts';
import styles from './ticket-request-card.module.css';

/**
 * The courier's visits on the ticket (ADR 0042): the server's ready line of each one that happened
 * or is under way ('Курьер забрал инструменты 29.11 в 11:40 (2 из 2)'); planned ones have none.
 */
export function CourierVisits({ ticket }: { ticket: Pick<Ticket, 'courier_visits'> }) {
  const lines = ticket.courier_visits.filter((visit) => visit.text !== null && visit.text !== '');
  if (lines.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="ticket-courier-title" data-testid="courier-visits">
      <h2 id="ticket-courier-title" className={styles.title}>
        Курьер
      </h2>
      <ul className={styles.visits}>
        {lines.map((visit) => (
          <li key={visit.id}>{visit.text}</li>
        ))}
      </ul>
    </section>
  );
}
