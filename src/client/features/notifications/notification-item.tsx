import type { ReactNode } from 'react';
import type { Notification } from '#shared/screens/notifications.ts';
import { formatDate } from '#shared/format/date.ts';
import styles from './notifications.module.css';
import { TicketLinkedText } from './ticket-linked-text.tsx';

/**
 * One notification: its text and date; an unread one is set apart by a bar, bold text and the word
 * 'Новое' (not colour alone) — said aloud only in the `compact` row of the bell's panel. One about a
 * ticket is a link to it; `text` in place of that (the courier's, linked to a stop or the route).
 */
export function NotificationItem({
  item,
  compact = false,
  text,
}: {
  item: Notification;
  compact?: boolean;
  text?: ReactNode;
}) {
  const classes = [styles.item, item.is_viewed ? '' : styles.unread, compact ? styles.compact : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes}>
      {item.is_viewed ? null : compact ? (
        <span className="visually-hidden">Новое: </span>
      ) : (
        <span className={styles.badge}>Новое</span>
      )}
      <p className={styles.text}>{text ?? <TicketLinkedText text={item.description} ticketId={item.ticket_id} />}</p>
      <time className={styles.date} dateTime={item.created_at.replace(' ', 'T')}>
        {formatDate(item.created_at)}
      </time>
    </li>
  );
}
