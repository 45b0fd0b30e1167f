import type { Bill } from '#shared/screens/bills.ts';
import type { DataColumn, DataTableProps } from '#client/components/ui/data-table.tsx';
import dataList from '#client/components/ui/data-list.module.css';
import { BillPay } from './bill-pay.tsx';
import { BillDownload, BillStatements, BillStatus, billAmount, billDate, billOwner } from './bill-cells.tsx';
import styles from './bills-list.module.css';

const COLUMNS: readonly DataColumn<Bill>[] = [
  { key: 'id', heading: '№', className: styles.number, cell: (bill) => bill.id, skeletonWidth: '2.5rem' },
  { key: 'date', heading: 'Дата формирования', className: dataList.nowrap, cell: billDate, skeletonWidth: '5rem' },
  {
    key: 'id_1c',
    heading: 'Номер счёта',
    className: dataList.nowrap,
    cell: (bill) => bill.id_1c,
    skeletonWidth: '5rem',
  },
  { key: 'owner', heading: 'Владелец счёта', className: styles.owner, cell: billOwner, skeletonWidth: '5rem' },
  { key: 'status', heading: 'Статус', cell: (bill) => <BillStatus bill={bill} />, skeletonWidth: '5rem' },
  {
    key: 'amount',
    heading: 'Сумма',
    headClassName: styles.amount,
    className: `${styles.amount} ${dataList.nowrap}`,
    cell: billAmount,
    skeletonWidth: '5rem',
  },
  { key: 'download', heading: 'Скачать счёт', cell: (bill) => <BillDownload bill={bill} />, skeletonWidth: '5rem' },
  {
    key: 'statements',
    heading: 'Дефектные ведомости',
    cell: (bill) => <BillStatements bill={bill} />,
    skeletonWidth: '5rem',
  },
];

/** 'Оплатить' (ADR 0028), after the amount it pays. */
const PAY_COLUMN: DataColumn<Bill> = {
  key: 'pay',
  heading: 'Оплата',
  cell: (bill) => <BillPay bill={bill} />,
  skeletonWidth: '5rem',
};
const AMOUNT_AT = COLUMNS.findIndex((column) => column.key === 'amount') + 1;

/** The bills as a table (768 px and wider). */
export const BILL_TABLE: Omit<DataTableProps<Bill>, 'items'> = {
  caption: 'Счета',
  columns: COLUMNS,
  rowKey: (bill) => bill.id,
};

/** The same with the payment column, while some bill on the page can be paid (else no column of dashes). */
export const BILL_TABLE_WITH_PAYMENT: Omit<DataTableProps<Bill>, 'items'> = {
  ...BILL_TABLE,
  columns: [...COLUMNS.slice(0, AMOUNT_AT), PAY_COLUMN, ...COLUMNS.slice(AMOUNT_AT)],
};
