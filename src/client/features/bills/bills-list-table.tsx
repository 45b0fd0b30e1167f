import type { Bill } from '#shared/api/bills.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { BillDownload, BillStatements, BillStatus, billAmount, billDate, billOwner } from './bill-cells.tsx';
import styles from './bills-list.module.css';

const HEADINGS = ['№', 'Дата формирования', 'Номер счёта', 'Владелец счёта', 'Статус', 'Сумма', 'Скачать счёт', 'Дефектные ведомости'];

function Head() {
  return (
    <thead>
      <tr>
        {HEADINGS.map((heading) => (
          <th key={heading} scope="col" className={heading === 'Сумма' ? styles.amount : undefined}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The bills as a table (768 px and wider). */
export function BillsTable({ items }: { items: Bill[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Счета</caption>
        <Head />
        <tbody>
          {items.map((bill) => (
            <tr key={bill.id}>
              <td className={styles.number}>{bill.id}</td>
              <td className={styles.nowrap}>{billDate(bill)}</td>
              <td className={styles.nowrap}>{bill.id_1c}</td>
              <td className={styles.owner}>{billOwner(bill)}</td>
              <td>
                <BillStatus status={bill.status} />
              </td>
              <td className={`${styles.amount} ${styles.nowrap}`}>{billAmount(bill)}</td>
              <td>
                <BillDownload bill={bill} />
              </td>
              <td>
                <BillStatements bill={bill} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BillsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className={styles.tableWrap} aria-hidden="true">
      <table className={styles.table}>
        <Head />
        <tbody>
          {Array.from({ length: rows }, (_, index) => (
            <tr key={index}>
              {HEADINGS.map((heading) => (
                <td key={heading}>
                  <Skeleton width={heading === '№' ? '2.5rem' : '5rem'} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
