import { Link } from '@tanstack/react-router';
import type { TicketListItem } from '#shared/api/tickets.ts';
import { buttonClassName } from '#client/components/ui/button.tsx';
import type { DataCardsProps, DataCardsSkeletonProps } from '#client/components/ui/data-cards.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { TicketPdfLink, TicketStatusBadge, ticketCount, ticketCreator, ticketDate } from './tickets-list-cells.tsx';
import styles from './tickets-list.module.css';

/** The requests as cards (phones): the same fields as the table's columns, labelled. */
export const TICKETS_CARDS: Omit<DataCardsProps<TicketListItem>, 'items'> = {
  label: 'Заявки на ремонт',
  rowKey: (item) => item.id,
  cardClassName: (item) => (item.dv_approve_need ? styles.cardAttention : undefined),
  // The number stays a number; a decision awaited is said in words (a badge '(!) 1' read like a counter).
  title: (item) => (
    <>
      <span className={styles.cardTitleLabel}>Заявка №</span>
      <span className={styles.number}>{item.id}</span>
      {item.dv_approve_need && (
        <span className={styles.needsDecision} data-attention="">
          Нужно решение
        </span>
      )}
    </>
  ),
  titleClassName: styles.cardTitle,
  badge: (item) => <TicketStatusBadge code={item.status_code} label={item.status} />,
  fields: [
    { label: 'Дата', value: (item) => ticketDate(item.created_at) },
    { label: 'Кол-во инструментов', value: ticketCount },
    { label: 'Составитель', value: (item) => ticketCreator(item.email), className: styles.creator, wide: true },
  ],
  actions: (item) => (
    <>
      <TicketPdfLink id={item.id} />
      <Link
        to="/cabinet/tickets/$id"
        params={{ id: item.id }}
        className={`${buttonClassName('secondary')} ${styles.cardMore}`}
      >
        Подробнее<span className="visually-hidden"> о заявке №{item.id}</span>
      </Link>
    </>
  ),
  actionsClassName: styles.cardActions,
};

/** Card-shaped placeholders with the links' places, as tall as a loaded card. */
export const TICKETS_CARDS_SKELETON: DataCardsSkeletonProps = {
  className: styles.cardSkeleton,
  lines: ['70%', '50%'],
  actions: (
    <>
      <Skeleton shape="rect" height="44px" width="9rem" />
      <Skeleton shape="rect" height="44px" width="8rem" />
    </>
  ),
  actionsClassName: styles.cardActions,
};
