import { useId, useMemo, useState } from 'react';
import { reportBillPayment, type Bill, type BillPayment } from '#shared/screens/bills.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { formatDate } from '#shared/format/date.ts';
import { serviceDay } from '#shared/format/server-timestamp.ts';
import { paymentPurpose, paymentQrPayload } from '#shared/screens/payment-qr.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { QrCode } from '#client/components/ui/qr-code.tsx';
import { asApiError, callApi } from '#client/lib/http.ts';
import { useIsPhone, useMediaQuery } from '#client/lib/use-media.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { billAmount } from './bill-cells.tsx';
import { useBillsStore } from './bills-store.ts';
import { CopyButton } from './copy-button.tsx';
import { fetchBillFile, shareBill } from './payment-actions.ts';
import { QrFileActions } from './qr-file-actions.tsx';
import styles from './bill-payment.module.css';

// The payment dialog of one bill (ADR 0028), its own chunk: the bank payment QR (ГОСТ Р 56042-2014)
// drawn here from the saved bill, so it works with no network; the requisites to copy; the PDF to
// share; 'Я оплатил'.

/** Drawn at 280 CSS px (≈ 5 px a module for a typical 50-module code): a phone camera reads it off another screen. */
const QR_SIZE = 280;

/** A touch screen with no mouse: a phone or a tablet, whatever its width. */
const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)';

interface Requisite {
  label: string;
  value: string;
}

function requisitesOf(bill: Bill, payment: BillPayment): Requisite[] {
  const { payee } = payment;
  return [
    { label: 'Получатель', value: payee.name },
    { label: 'ИНН', value: payee.inn },
    { label: 'КПП', value: payee.kpp },
    { label: 'Расчётный счёт', value: payee.account },
    { label: 'Банк', value: payee.bank },
    { label: 'БИК', value: payee.bic },
    { label: 'Корр. счёт', value: payee.corr_account },
    // The bank app's field takes the Russian decimal comma, without spaces or the sign.
    { label: 'Сумма', value: bill.amount_document.replace('.', ',') },
    { label: 'Назначение платежа', value: paymentPurpose({ ...bill, purpose: payment.purpose, vat: payment.vat }) },
  ];
}

/** Marks the bill reported in the saved list, so the list (and the next offline start) reads 'Оплата проверяется'. */
function markReported(billId: number, reportedAt: string) {
  useBillsStore
    .getState()
    .edit((item) =>
      item.id === billId && item.payment ? { ...item, payment: { ...item.payment, reported_at: reportedAt } } : item,
    );
}

export interface BillPaymentDialogProps {
  bill: Bill;
  payment: BillPayment;
  onClose: () => void;
}

export function BillPaymentDialog({ bill, payment, onClose }: BillPaymentDialogProps) {
  const noteId = useId();
  const payload = useMemo(
    () =>
      paymentQrPayload(payment.payee, {
        id_1c: bill.id_1c,
        date: bill.date,
        amount: bill.amount_document,
        purpose: payment.purpose,
        vat: payment.vat,
      }),
    [bill, payment],
  );
  const requisites = useMemo(() => requisitesOf(bill, payment), [bill, payment]);
  const allText = requisites.map(({ label, value }) => `${label}: ${value}`).join('\n');
  const date = formatDate(serviceDay(bill.date)) || bill.date;
  // A phone (or a tablet: a touch screen without a mouse) cannot scan its own screen.
  const phone = useIsPhone();
  const touchOnly = useMediaQuery(TOUCH_ONLY_QUERY);
  const onThisDevice = phone || touchOnly;

  return (
    <Modal open onClose={onClose} title={`Оплата счёта № ${bill.id_1c}`} describedBy={noteId} size="md">
      <div className={styles.body}>
        <p className={styles.sum}>
          К оплате <strong>{billAmount(bill)}</strong> по счёту от {date}
        </p>
        <figure className={styles.qr}>
          <QrCode
            text={payload}
            size={QR_SIZE}
            label={`QR-код для оплаты счёта № ${bill.id_1c}`}
            className={styles.qrImage}
          />
          <figcaption id={noteId}>
            {onThisDevice
              ? 'Камера телефона не прочитает код со своего же экрана. Сохраните QR-код или поделитесь им с приложением банка, затем в приложении выберите «Оплата по QR-коду» и загрузите картинку из галереи — реквизиты и сумма заполнятся сами.'
              : 'Откройте приложение своего банка, выберите «Оплата по QR-коду» и наведите камеру на код — реквизиты и сумма заполнятся сами.'}
          </figcaption>
        </figure>
        {onThisDevice && <QrFileActions payload={payload} billNumber={bill.id_1c} />}

        <h3 className={styles.heading}>Реквизиты</h3>
        <ul className={styles.requisites}>
          {requisites.map(({ label, value }) => (
            <li key={label} className={styles.requisite}>
              <span className={styles.label}>{label}</span>
              <span className={styles.value}>{value}</span>
              <CopyButton text={value} label="Копировать" what={label} className={styles.copy} />
            </li>
          ))}
        </ul>
        <CopyButton
          text={allText}
          label="Скопировать все реквизиты"
          what="получатель, счета, банк, сумма и назначение"
          block
        />

        {bill.document_url !== null && <ShareBill bill={bill} />}
        <PaymentReport bill={bill} reportedAt={payment.reported_at} />
      </div>
    </Modal>
  );
}

/** 'Поделиться счётом': the PDF is fetched as the dialog opens, so the press goes straight to the share sheet. */
function ShareBill({ bill }: { bill: Bill }) {
  const url = downloadPaths.bill(bill.id);
  const name = `Счёт ${bill.id_1c.replace(/[\\/:*?"<>|]/g, '-')}.pdf`;
  const [note, setNote] = useState<string | null>(null);
  // Offline, or a browser that cannot share files: the press downloads instead (no file, no failure shown).
  const canShare = typeof navigator.canShare === 'function';
  const file = useRemote(
    canShare ? (signal) => fetchBillFile(url, name, signal).catch(() => null) : null,
    `${url} ${name}`,
  ).data;
  const share = async () => {
    const outcome = await shareBill(file, url, name, `Счёт № ${bill.id_1c}`);
    setNote(
      outcome === 'downloaded'
        ? 'Поделиться файлом отсюда нельзя — счёт скачивается, отправьте его из загрузок.'
        : null,
    );
  };
  return (
    <div className={styles.share}>
      <Button variant="secondary" block onClick={() => void share()}>
        Поделиться счётом
      </Button>
      {note && <FormMessage tone="info">{note}</FormMessage>}
    </div>
  );
}

/** 'Я оплатил': once per bill; after it, the dialog (and the list) say the payment is being checked. */
function PaymentReport({ bill, reportedAt }: { bill: Bill; reportedAt: string | null }) {
  const [reported, setReported] = useState(reportedAt);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (reported) {
    return (
      <FormMessage tone="success">
        Вы сообщили об оплате {formatDate(reported.slice(0, 10))}. Оплата проверяется — статус счёта изменится, когда
        платёж поступит.
      </FormMessage>
    );
  }
  const report = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await callApi(reportBillPayment, { input: { bill_id: bill.id } });
      markReported(bill.id, answer.reported_at);
      setReported(answer.reported_at);
    } catch (caught) {
      setError(asApiError(caught).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.report}>
      <Button block loading={sending} onClick={() => void report()}>
        Я оплатил
      </Button>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}
