import { statementBadgeLabel } from '#shared/dictionaries/statement-decisions.ts';
import type { Ticket } from '#shared/api/tickets.ts';
import styles from './ticket-summary.module.css';

/** How many statements each decision (or 'Ожидает отправки') covers, in the order they first appear. */
export function decisionTally(ticket: Ticket, pendingIds: readonly number[]): Array<{ label: string; count: number }> {
  const counts = new Map<string, number>();
  for (const statement of ticket.defective_lists) {
    const label = statementBadgeLabel(statement, pendingIds.includes(statement.id));
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => ({ label, count }));
}

/** In place of the mass actions once nothing is left to decide: what was decided, per decision. */
export function DecisionTally({ ticket, pendingIds }: { ticket: Ticket; pendingIds: readonly number[] }) {
  return (
    <ul className={styles.tally} aria-label="Принятые решения">
      {decisionTally(ticket, pendingIds).map(({ label, count }) => (
        <li key={label}>
          {label}: <span className={styles.tallyCount}>{count}</span>
        </li>
      ))}
    </ul>
  );
}
