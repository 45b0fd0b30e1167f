// The bank payment QR code's text (ГОСТ Р 56042-2014, "ST00012": version 0001, UTF-8, fields
// separated by '|'). Every Russian bank app reads it and fills the payment order in. Pure: the
// dialog draws it on the device, the tests decode it back.
import { toKopecks } from '../format/number/kopecks.ts';
import type { Payee } from '../payment/requisites.ts';

/** GOST's limit of the purpose (Purpose); the integration API keeps purpose + VAT within it. */
export const PURPOSE_MAX = 210;

export interface PaymentBill {
  id_1c: string;
  /** The bill's date, 'YYYY-MM-DD…'. */
  date: string;
  /** A money string, '15900.50'. */
  amount: string;
  /** The back office's own purpose text; null: 'Оплата по счёту № … от …'. */
  purpose: string | null;
  /** The back office's VAT line ('В т.ч. НДС 20% — 2650.08 ₽', 'Без НДС'); null: left out, never assumed. */
  vat: string | null;
}

/** C0 and C1 controls and the Unicode line and paragraph separators. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/**
 * A field's text made safe for the format. GOST has no escape: the separator simply must not occur
 * in a value, and a scanner splits on every '|'. So '|' becomes '/', the closest harmless mark in a
 * payment text, and line breaks, tabs and other control characters become spaces (a payment order's
 * fields are one line); runs of spaces are folded.
 */
export function qrFieldText(value: string): string {
  return Array.from(value, (char) => (char === '|' ? '/' : isControl(char.codePointAt(0)!) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'; anything else as given. */
function russianDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : date;
}

/** The purpose as the payment order carries it: the bill's own, or the default, then the VAT line if any. */
export function paymentPurpose(bill: Pick<PaymentBill, 'id_1c' | 'date' | 'purpose' | 'vat'>): string {
  const base =
    qrFieldText(bill.purpose ?? '') || `Оплата по счёту № ${qrFieldText(bill.id_1c)} от ${russianDate(bill.date)}`;
  const vat = qrFieldText(bill.vat ?? '');
  return vat ? `${base.replace(/[.\s]+$/, '')}. ${vat}` : base;
}

/** The sum in kopecks as GOST wants it: digits only, '15900.50' → '1590050'. */
export function sumInKopecks(amount: string): string {
  const kopecks = toKopecks(amount);
  if (kopecks <= 0n) throw new Error(`a payment sum must be positive: ${amount}`);
  return kopecks.toString();
}

/** The code's whole text, fields in the order of the issue (and of most banks' own codes). */
export function paymentQrPayload(payee: Payee, bill: PaymentBill): string {
  const fields: [string, string][] = [
    ['Name', qrFieldText(payee.name)],
    ['PersonalAcc', payee.account],
    ['BankName', qrFieldText(payee.bank)],
    ['BIC', payee.bic],
    ['CorrespAcc', payee.corr_account],
    ['PayeeINN', payee.inn],
    ['KPP', payee.kpp],
    ['Sum', sumInKopecks(bill.amount)],
    ['Purpose', paymentPurpose(bill)],
  ];
  return ['ST00012', ...fields.map(([key, value]) => `${key}=${value}`)].join('|');
}
