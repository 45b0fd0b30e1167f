import { Link } from '@tanstack/react-router';
import styles from './notifications.module.css';

/**
 * A courier's notification about its day: a link to the stop's card while the stop is still on the
 * courier's route (the server says so with `stop_id`), else to the route itself.
 */
export function StopLinkedText({ text, stopId }: { text: string; stopId: number | null }) {
  return stopId === null ? (
    <Link to="/courier" className={styles.ticketLink}>
      {text}
    </Link>
  ) : (
    <Link to="/courier/stops/$id" params={{ id: String(stopId) }} className={styles.ticketLink}>
      {text}
    </Link>
  );
}
