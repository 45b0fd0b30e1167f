import { Link } from '@tanstack/react-router';
import type { TicketListItem } from '#shared/api/tickets.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { TicketNumber, TicketPdfLink, TicketStatusBadge, ticketCount, ticketCreator, ticketDate } from './tickets-list-cells.tsx';
import styles from './tickets-list.module.css';

const HEADINGS = ['Номер', 'Дата', 'Составитель', 'Статус', 'Кол-во инструментов', 'Скачать заявку'];

function Head() {
  return (
    <thead>
      <tr>
        {HEADINGS.map((heading) => (
          <th key={heading} scope="col">
            {heading}
          </th>
        ))}
        <th scope="col">
          <span className="visually-hidden">Подробнее</span>
        </th>
      </tr>
    </thead>
  );
}

/** The requests as a table (768 px and wider). */
export function TicketsTable({ items }: { items: TicketListItem[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Заявки на ремонт</caption>
        <Head />
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className={item.dv_approve_need ? styles.rowAttention : undefined}>
              <td>
                <TicketNumber item={item} />
              </td>
              <td className={styles.nowrap}>{ticketDate(item.created_at)}</td>
              <td className={styles.creator}>{ticketCreator(item.email)}</td>
              <td>
                <TicketStatusBadge code={item.status_code} label={item.status} />
              </td>
              <td className={styles.count}>{ticketCount(item)}</td>
              <td>
                <TicketPdfLink id={item.id} compact />
              </td>
              <td className={styles.more}>
                <Link to="/cabinet/tickets/$id" params={{ id: String(item.id) }} className={styles.moreLink}>
                  Подробнее<span className="visually-hidden"> о заявке №{item.id}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's shape while the first page loads: the same columns and row height, so nothing jumps. */
export function TicketsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className={styles.tableWrap} aria-hidden="true">
      <table className={styles.table}>
        <Head />
        <tbody>
          {Array.from({ length: rows }, (_, index) => (
            <tr key={index}>
              {HEADINGS.map((heading) => (
                <td key={heading}>
                  <Skeleton width={heading === 'Составитель' ? '10rem' : '4.5rem'} />
                </td>
              ))}
              <td>
                <Skeleton width="5.5rem" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
