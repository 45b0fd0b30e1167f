import { Link } from '@tanstack/react-router';
import styles from './notifications.module.css';

/**
 * A notification's or history line's text: about a ticket, a real link to it (keyboard, screen
 * reader, open in a new tab), not a click handler on the row; else plain text.
 */
export function TicketLinkedText({ text, ticketId }: { text: string; ticketId: number | null }) {
  if (ticketId === null) return text;
  return (
    <Link to="/cabinet/tickets/$id" params={{ id: ticketId }} className={styles.ticketLink}>
      {text}
    </Link>
  );
}
