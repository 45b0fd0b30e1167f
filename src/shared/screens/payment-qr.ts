// The bank payment QR code's text (ГОСТ Р 56042-2014, "ST00012": version 0001, UTF-8, fields
// separated by '|'). Every Russian bank app reads it and fills the payment order in. Pure: the
// dialog draws it on the device, the tests decode it back.
import { toKopecks } from '../format/number/kopecks.ts';
import { serviceDay } from '../format/server-timestamp.ts';
import type { Payee } from '../payment/requisites.ts';

/** GOST's limit of the purpose (Purpose); the integration API keeps purpose + VAT within it. */
export const PURPOSE_MAX = 210;

export interface PaymentBill {
  id_1c: string;
  /** The bill's date as the back office sent it: 'YYYY-MM-DD' or a date-time with its zone. */
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

/** The bill's day in Moscow as 'DD.MM.YYYY' (a date-time is read in its zone); anything else as given. */
function russianDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(serviceDay(date));
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

/**
 * The most bytes the header and the mandatory requisites (Name, PersonalAcc, BankName, BIC,
 * CorrespAcc) may take: some bank apps refuse a code whose mandatory block is longer, and a Cyrillic
 * name takes two bytes a letter, so 160 characters of name alone can be 320 bytes.
 */
export const MANDATORY_BLOCK_MAX_BYTES = 300;

/** The header and the mandatory block as the code carries them ('ST00012|Name=…|…|CorrespAcc=…'). */
export function mandatoryBlock(payee: Pick<Payee, 'name' | 'account' | 'bank' | 'bic' | 'corr_account'>): string {
  return [
    'ST00012',
    `Name=${qrFieldText(payee.name)}`,
    `PersonalAcc=${payee.account}`,
    `BankName=${qrFieldText(payee.bank)}`,
    `BIC=${payee.bic}`,
    `CorrespAcc=${payee.corr_account}`,
  ].join('|');
}

/** The mandatory block's length in UTF-8 bytes, as the code stores it. */
export const mandatoryBlockBytes = (payee: Parameters<typeof mandatoryBlock>[0]): number =>
  new TextEncoder().encode(mandatoryBlock(payee)).length;

/** The code's whole text, fields in the order of the issue (and of most banks' own codes). */
export function paymentQrPayload(payee: Payee, bill: PaymentBill): string {
  const fields: [string, string][] = [
    ['PayeeINN', payee.inn],
    ['KPP', payee.kpp],
    ['Sum', sumInKopecks(bill.amount)],
    ['Purpose', paymentPurpose(bill)],
  ];
  return [mandatoryBlock(payee), ...fields.map(([key, value]) => `${key}=${value}`)].join('|');
}
