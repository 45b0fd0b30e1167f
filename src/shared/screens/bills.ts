import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { cursorParam, moneyString, queryInt } from '../api/query.ts';
import { positiveInt4 } from '../api/ids.ts';

// cabinet.md §2 Bills, §3 Bill.

export const PAID_BILL_STATUS = 'Оплачен';

/** The payee as the bills list carries it (src/shared/payment/requisites.ts Payee). */
export const payee = v.object({
  name: v.string(),
  inn: v.string(),
  kpp: v.string(),
  account: v.string(),
  bank: v.string(),
  bic: v.string(),
  corr_account: v.string(),
});

export const billPayment = v.object({
  payee,
  /** The back office's purpose text; null: the default 'Оплата по счёту № … от …'. */
  purpose: v.nullable(v.string()),
  /** The back office's VAT line; null: no VAT part. */
  vat: v.nullable(v.string()),
  /** When the clinic said it paid ('Я оплатил'), ISO 8601; the bill reads 'Оплата проверяется' then. */
  reported_at: v.nullable(v.string()),
});
export type BillPayment = v.InferOutput<typeof billPayment>;

export const bill = v.object({
  id: v.number(),
  date: v.string(),
  /** The bill number. */
  id_1c: v.string(),
  /** The owner's e-mail; the client shows a placeholder when empty. */
  email: v.string(),
  /** 'Оплачен', null (shown 'Нет данных') or any other text (shown 'Не оплачен'). */
  status: v.nullable(v.string()),
  amount_document: moneyString,
  document_url: v.nullable(v.string()),
  defective_lists: v.array(v.object({ id_1c: v.nullable(v.string()), date: v.string() })),
  /**
   * Paying it by bank transfer (ADR 0028): the payee's requisites (PAYEE_*) and the bill's texts for
   * the payment QR. Only on a bill that is not paid, and only when the payee is configured; null
   * otherwise (no 'Оплатить'). Absent in a list saved by an older version.
   */
  payment: v.optional(v.nullable(billPayment)),
});
export type Bill = v.InferOutput<typeof bill>;

export const listBills = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/bills',
  input: v.object({
    /** The current user's id when 'Только мои счета' is on. */
    client_id: v.optional(queryInt(1, 2_000_000_000)),
    cursor: v.optional(cursorParam),
  }),
  output: okResponse({ data: v.array(bill), next_cursor: v.nullable(v.string()) }),
});

/**
 * A bill 'Оплатить' is offered for: it carries a payment block and something to pay. A bill of 0.00
 * (the API accepts it: a repair under guarantee) has no QR, since no bank takes a zero payment order.
 */
export function offersPayment(
  bill: Pick<Bill, 'payment' | 'amount_document'>,
): bill is Bill & { payment: BillPayment } {
  return Boolean(bill.payment) && /^\d+\.\d{2}$/.test(bill.amount_document) && /[1-9]/.test(bill.amount_document);
}

/** How the status reads to the user. */
export function billStatusLabel(status: string | null): 'Оплачен' | 'Нет данных' | 'Не оплачен' {
  if (status === PAID_BILL_STATUS) return 'Оплачен';
  if (status === null) return 'Нет данных';
  return 'Не оплачен';
}

/** 'Я оплатил' (ADR 0028): the back office gets a `bill.payment_reported` event, once per bill. */
export const reportBillPayment = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/bills/payment-reported',
  input: v.object({ bill_id: positiveInt4() }),
  output: okResponse({ reported_at: v.string() }),
});

export const billPaymentMessages = {
  alreadyPaid: 'Счёт уже оплачен',
  noStatus: 'По этому счёту ещё нет данных: сообщить об оплате пока нельзя',
  noPayee: 'Оплата по реквизитам на портале не настроена',
} as const;
