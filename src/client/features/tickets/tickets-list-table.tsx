import { Link } from '@tanstack/react-router';
import type { TicketListItem } from '#shared/api/tickets.ts';
import type { DataColumn, DataTableProps } from '#client/components/ui/data-table.tsx';
import dataList from '#client/components/ui/data-list.module.css';
import {
  TicketNumber,
  TicketPdfLink,
  TicketStatusBadge,
  ticketCount,
  ticketCreator,
  ticketDate,
} from './tickets-list-cells.tsx';
import styles from './tickets-list.module.css';

const COLUMNS: readonly DataColumn<TicketListItem>[] = [
  { key: 'number', heading: 'Номер', cell: (item) => <TicketNumber item={item} />, skeletonWidth: '4.5rem' },
  {
    key: 'date',
    heading: 'Дата',
    className: dataList.nowrap,
    cell: (item) => ticketDate(item.created_at),
    skeletonWidth: '4.5rem',
  },
  {
    key: 'creator',
    heading: 'Составитель',
    className: styles.creator,
    cell: (item) => ticketCreator(item.email),
    skeletonWidth: '10rem',
  },
  {
    key: 'status',
    heading: 'Статус',
    cell: (item) => <TicketStatusBadge code={item.status_code} label={item.status} />,
    skeletonWidth: '4.5rem',
  },
  { key: 'count', heading: 'Кол-во инструментов', className: styles.count, cell: ticketCount, skeletonWidth: '4.5rem' },
  {
    key: 'pdf',
    heading: 'Скачать заявку',
    cell: (item) => <TicketPdfLink id={item.id} compact />,
    skeletonWidth: '4.5rem',
  },
  {
    key: 'more',
    heading: <span className="visually-hidden">Подробнее</span>,
    className: styles.more,
    cell: (item) => (
      <Link to="/cabinet/tickets/$id" params={{ id: item.id }} className={styles.moreLink}>
        Подробнее<span className="visually-hidden"> о заявке №{item.id}</span>
      </Link>
    ),
    skeletonWidth: '5.5rem',
  },
];

/** The requests as a table (768 px and wider); rows awaiting a decision stand out. */
export const TICKETS_TABLE: Omit<DataTableProps<TicketListItem>, 'items'> = {
  caption: 'Заявки на ремонт',
  className: styles.table,
  columns: COLUMNS,
  rowKey: (item) => item.id,
  rowClassName: (item) => (item.dv_approve_need ? styles.rowAttention : undefined),
};
