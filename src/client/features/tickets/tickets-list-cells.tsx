import { downloadPaths, type TicketListItem } from '#shared/api/tickets.ts';
import { formatDate } from '#shared/format/date.ts';
import { ticketStatusLabel } from '#shared/dictionaries/ticket-statuses.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import styles from './tickets-list.module.css';

/** cabinet.md §3: the count shown is defectives_count if above 0, else tools_count. */
export function ticketCount(item: Pick<TicketListItem, 'defectives_count' | 'tools_count'>): number {
  return item.defectives_count > 0 ? item.defectives_count : item.tools_count;
}

/** cabinet.md §9: the first 10 characters of the timestamp, shown dd.MM.yyyy. */
export function ticketDate(createdAt: string): string {
  return formatDate(createdAt.slice(0, 10));
}

/** The creator's e-mail, or a placeholder when the back office sent none. */
export function ticketCreator(email: string): string {
  return email.trim() || 'Не указан';
}

/** The request number; marked (colour, icon and words) when a decision on a quote is awaited. */
export function TicketNumber({ item }: { item: TicketListItem }) {
  if (!item.dv_approve_need) return <span className={styles.number}>{item.id}</span>;
  return (
    <span className={`${styles.number} ${styles.numberAttention}`} data-attention="">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {item.id}
      <span className="visually-hidden">, требует решения</span>
    </span>
  );
}

/**
 * The ticket PDF, opened in a new tab (cabinet.md §7). Its name starts with the words it shows, so a
 * voice command naming what is seen reaches it (WCAG 2.5.3).
 */
export function TicketPdfLink({ id, compact = false }: { id: number; compact?: boolean }) {
  return (
    <a
      className={styles.pdfLink}
      href={downloadPaths.ticketPdf(id)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={
        compact
          ? `PDF заявки №${id} (откроется в новой вкладке)`
          : `Скачать заявку №${id} (PDF, откроется в новой вкладке)`
      }
    >
      <Icon name="download" size={20} />
      {compact ? 'PDF' : 'Скачать заявку'}
    </a>
  );
}

/** The status badge: its own colour and marker per status code (cabinet.md §4), always with the words. */
export function TicketStatusBadge({ code, label }: { code: number; label: string }) {
  return (
    <span className={styles.status} data-status={code}>
      <span className={styles.statusDot} aria-hidden="true" />
      {label || ticketStatusLabel(code)}
    </span>
  );
}
