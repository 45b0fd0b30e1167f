import { billStatusLabel, type Bill } from '#shared/screens/bills.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { formatDate } from '#shared/format/date.ts';
import { serviceDay } from '#shared/format/server-timestamp.ts';
import { formatMoney, type Currency } from '#shared/format/number/money.ts';
import { Icon, LineIcon } from '#client/components/ui/icon.tsx';
import styles from './bills-list.module.css';

/**
 * cabinet.md §1 leaves the currency of lists unreconciled (euro in some, rouble in others); bills are
 * issued in roubles by the service centre, so the rouble it is, in one place to change.
 */
export const BILL_CURRENCY: Currency = '₽';

export const billAmount = (bill: Bill) => formatMoney(bill.amount_document, { currency: BILL_CURRENCY });
/** The bill's day in Moscow (a date-time from the back office is read in its zone). */
export const billDate = (bill: Bill) => formatDate(serviceDay(bill.date)) || bill.date;
/**
 * The owner's e-mail, which may break after its '@' and nowhere else: a narrow table column would
 * otherwise take it apart mid-word ('demo@clinic.te' over 'st').
 */
export function billOwner(bill: Bill) {
  const email = bill.email.trim();
  if (!email) return 'Не указан';
  const at = email.indexOf('@') + 1;
  return at > 0 ? (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  ) : (
    email
  );
}

const ICONS = {
  Оплачен: <path d="M7.5 12.5l3 3 6-7" />,
  'Не оплачен': <path d="M12 7v5.5l3 2" />,
  'Нет данных': <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.4M12 16.8v.2" />,
  'Оплата проверяется': <path d="M8 12h.01M12 12h.01M16 12h.01" strokeWidth="3" />,
} as const;

const TONES = {
  Оплачен: 'paid',
  'Не оплачен': 'unpaid',
  'Нет данных': 'unknown',
  'Оплата проверяется': 'checking',
} as const;

/**
 * cabinet.md §4: 'Оплачен' with the paid icon; null 'Нет данных'; anything else 'Не оплачен'. Icon and
 * words. An unpaid bill the clinic said it paid ('Я оплатил', ADR 0028) reads 'Оплата проверяется'
 * until the back office sets its status.
 */
export function BillStatus({ bill }: { bill: Pick<Bill, 'status' | 'payment'> }) {
  const label = bill.payment?.reported_at ? 'Оплата проверяется' : billStatusLabel(bill.status);
  return (
    <span className={styles.status} data-tone={TONES[label]}>
      <LineIcon size={20} data-icon={TONES[label]}>
        <circle cx="12" cy="12" r="9" />
        {ICONS[label]}
      </LineIcon>
      {label}
    </span>
  );
}

/** The bill's file; a dash while the back office has not uploaded it. */
export function BillDownload({ bill, label = 'Скачать' }: { bill: Bill; label?: string }) {
  if (bill.document_url === null) {
    return (
      <span className={styles.muted}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Файл счёта ещё не загружен</span>
      </span>
    );
  }
  return (
    <a
      className={styles.link}
      href={downloadPaths.bill(bill.id)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Скачать счёт ${bill.id_1c} (откроется в новой вкладке)`}
    >
      <Icon name="download" size={20} />
      {label}
    </a>
  );
}

/** The defect statements the bill covers: number and date of each. */
export function BillStatements({ bill }: { bill: Bill }) {
  if (bill.defective_lists.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <ul className={styles.statements}>
      {bill.defective_lists.map((statement, index) => (
        <li key={`${statement.id_1c ?? ''}-${index}`}>
          {statement.id_1c ? `№ ${statement.id_1c}` : 'Без номера'}
          {statement.date && ` от ${formatDate(statement.date.slice(0, 10)) || statement.date}`}
        </li>
      ))}
    </ul>
  );
}
