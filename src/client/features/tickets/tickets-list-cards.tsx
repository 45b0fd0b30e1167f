import { Link } from '@tanstack/react-router';
import type { TicketListItem } from '#shared/api/tickets.ts';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { TicketNumber, TicketPdfLink, TicketStatusBadge, ticketCount, ticketCreator, ticketDate } from './tickets-list-cells.tsx';
import styles from './tickets-list.module.css';

/** The requests as cards (phones): the same fields as the table's columns, labelled. */
export function TicketsCards({ items }: { items: TicketListItem[] }) {
  return (
    <ul className={styles.cards} aria-label="Заявки на ремонт">
      {items.map((item) => (
        <li key={item.id} className={[styles.card, item.dv_approve_need ? styles.cardAttention : ''].filter(Boolean).join(' ')}>
          <div className={styles.cardHead}>
            <h2 className={styles.cardTitle}>
              <span className={styles.cardTitleLabel}>Заявка №</span>
              <TicketNumber item={item} />
            </h2>
            <TicketStatusBadge code={item.status_code} label={item.status} />
          </div>
          <dl className={styles.cardFields}>
            <div>
              <dt>Дата</dt>
              <dd>{ticketDate(item.created_at)}</dd>
            </div>
            <div>
              <dt>Кол-во инструментов</dt>
              <dd>{ticketCount(item)}</dd>
            </div>
            <div className={styles.cardWide}>
              <dt>Составитель</dt>
              <dd className={styles.creator}>{ticketCreator(item.email)}</dd>
            </div>
          </dl>
          <div className={styles.cardActions}>
            <TicketPdfLink id={item.id} />
            <Link to="/cabinet/tickets/$id" params={{ id: String(item.id) }} className={`${buttonClassName('secondary')} ${styles.cardMore}`}>
              Подробнее<span className="visually-hidden"> о заявке №{item.id}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Card-shaped placeholders of the same height while the first page loads. */
export function TicketsCardsSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <ul className={styles.cards} aria-hidden="true">
      {Array.from({ length: cards }, (_, index) => (
        <li key={index} className={`${styles.card} ${styles.cardSkeleton}`}>
          <div className={styles.cardHead}>
            <Skeleton width="8rem" height="1.25rem" />
            <Skeleton width="6rem" height="1.5rem" />
          </div>
          <Skeleton width="70%" />
          <Skeleton width="50%" />
          <div className={styles.cardActions}>
            <Skeleton shape="rect" height="44px" width="9rem" />
            <Skeleton shape="rect" height="44px" width="8rem" />
          </div>
        </li>
      ))}
    </ul>
  );
}
