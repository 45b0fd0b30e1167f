import type { Ref } from 'react';
import { Link } from '@tanstack/react-router';
import type { Ticket } from '#shared/api/tickets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DataAge } from '#client/components/ui/data-age.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { TicketMassActions, type TicketMassActionsProps } from './ticket-summary-actions.tsx';
import { externalUrl, ticketClock, ticketDate } from './ticket-page-format.ts';
import styles from './ticket-summary.module.css';

export interface TicketSummaryProps {
  ticket: Ticket;
  /** When the copy shown came from the server, while it is a saved one (no network, a failed refresh); else null. */
  savedAt: number | null;
  /** The mass approval block, where it belongs (statements shown, ticket not finished); else null. */
  massActions: Omit<TicketMassActionsProps, 'ticket'> | null;
  historyOpen: boolean;
  historyPanelId: string;
  /** The show/hide history button: focus comes back to it when the panel closes itself. */
  historyToggleRef?: Ref<HTMLButtonElement>;
  onToggleHistory(): void;
}

/** The left column of the ticket page (cabinet.md §2 Ticket page, left summary). */
export function TicketSummary({
  ticket,
  savedAt,
  massActions,
  historyOpen,
  historyPanelId,
  historyToggleRef,
  onToggleHistory,
}: TicketSummaryProps) {
  const tracking = externalUrl(ticket.shippingOrder?.tracking_link);
  const waybill = ticket.shippingOrder?.waybill_url ?? null;
  return (
    <div className={styles.summary}>
      <div className={styles.topRow}>
        <Link to="/cabinet/tickets" className={styles.back}>
          <Icon name="chevron" size={18} className={styles.backIcon} />К списку заявок
        </Link>
        <DataAge fetchedAt={savedAt} className={styles.age} />
      </div>

      <div className={styles.headline}>
        <span className={styles.badge} data-status={ticket.status_code}>
          {ticket.status}
        </span>
        <h1 className={styles.title}>Заявка на ремонт №{ticket.id}</h1>
        <dl className={styles.created}>
          <div>
            <dt>Дата</dt>
            <dd>
              <time dateTime={ticket.created_at.slice(0, 10)}>{ticketDate(ticket.created_at)}</time>
            </dd>
          </div>
          <div>
            <dt>Время</dt>
            <dd>{ticketClock(ticket.created_at)}</dd>
          </div>
        </dl>
      </div>

      <ul className={styles.links}>
        {tracking && (
          <li>
            <a href={tracking} target="_blank" rel="noopener noreferrer" className={styles.link}>
              Отследить посылку
            </a>
          </li>
        )}
        {waybill && (
          <li>
            <a href={waybill} download className={styles.link}>
              Скачать накладную курьера
            </a>
          </li>
        )}
        <li>
          <a href={ticket.pdf_url} target="_blank" rel="noopener" className={styles.link}>
            Скачать заявку (PDF)
          </a>
        </li>
      </ul>

      <Button
        variant="secondary"
        ref={historyToggleRef}
        aria-expanded={historyOpen}
        aria-controls={historyPanelId}
        onClick={onToggleHistory}
      >
        {historyOpen ? 'Скрыть историю' : 'Показать историю'}
      </Button>

      {massActions && <TicketMassActions ticket={ticket} {...massActions} />}
    </div>
  );
}
