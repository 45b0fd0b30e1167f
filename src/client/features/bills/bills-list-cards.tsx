import type { Bill } from '#shared/api/bills.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { BillDownload, BillStatements, BillStatus, billAmount, billDate, billOwner } from './bill-cells.tsx';
import styles from './bills-list.module.css';

/** The bills as cards (phones), each field under its column's name. */
export function BillsCards({ items }: { items: Bill[] }) {
  return (
    <ul className={styles.cards} aria-label="Счета">
      {items.map((bill) => (
        <li key={bill.id} className={styles.card}>
          <div className={styles.cardHead}>
            <h2 className={styles.cardTitle}>Счёт {bill.id_1c}</h2>
            <BillStatus status={bill.status} />
          </div>
          <dl className={styles.cardFields}>
            <div>
              <dt>Сумма</dt>
              <dd className={styles.cardAmount}>{billAmount(bill)}</dd>
            </div>
            <div>
              <dt>Дата формирования</dt>
              <dd>{billDate(bill)}</dd>
            </div>
            <div>
              <dt>№</dt>
              <dd>{bill.id}</dd>
            </div>
            <div>
              <dt>Владелец счёта</dt>
              <dd className={styles.owner}>{billOwner(bill)}</dd>
            </div>
            <div className={styles.cardWide}>
              <dt>Дефектные ведомости</dt>
              <dd>
                <BillStatements bill={bill} />
              </dd>
            </div>
          </dl>
          {bill.document_url !== null && (
            <div className={styles.cardActions}>
              <BillDownload bill={bill} label="Скачать счёт" />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

export function BillsCardsSkeleton({ cards = 4 }: { cards?: number }) {
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
          <Skeleton width="60%" />
        </li>
      ))}
    </ul>
  );
}
