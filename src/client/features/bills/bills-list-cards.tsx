import { offersPayment, type Bill } from '#shared/screens/bills.ts';
import type { DataCardsProps, DataCardsSkeletonProps } from '#client/components/ui/data-cards.tsx';
import { BillPay } from './bill-pay.tsx';
import { BillDownload, BillStatements, BillStatus, billAmount, billDate, billOwner } from './bill-cells.tsx';
import styles from './bills-list.module.css';

/** The bills as cards (phones), each field under its column's name. */
export const BILL_CARDS: Omit<DataCardsProps<Bill>, 'items'> = {
  label: 'Счета',
  rowKey: (bill) => bill.id,
  title: (bill) => `Счёт ${bill.id_1c}`,
  titleClassName: styles.cardTitle,
  badge: (bill) => <BillStatus bill={bill} />,
  fields: [
    { label: 'Сумма', value: billAmount, className: styles.cardAmount },
    { label: 'Дата формирования', value: billDate },
    { label: '№', value: (bill) => bill.id },
    { label: 'Владелец счёта', value: billOwner, className: styles.owner },
    { label: 'Дефектные ведомости', value: (bill) => <BillStatements bill={bill} />, wide: true },
  ],
  actions: (bill) =>
    bill.document_url === null && !offersPayment(bill) ? null : (
      <div className={styles.actions}>
        <BillPay bill={bill} />
        {bill.document_url !== null && <BillDownload bill={bill} label="Скачать счёт" />}
      </div>
    ),
};

export const BILL_CARDS_SKELETON: DataCardsSkeletonProps = {
  className: styles.cardSkeleton,
  lines: ['70%', '50%', '60%'],
};
