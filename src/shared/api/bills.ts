import * as v from 'valibot';
import { defineEndpoint, okResponse } from './endpoint.ts';
import { cursorParam, moneyString, queryInt } from './query.ts';

// cabinet.md §2 Bills, §3 Bill.

export const PAID_BILL_STATUS = 'Оплачен';

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

/** How the status reads to the user. */
export function billStatusLabel(status: string | null): 'Оплачен' | 'Нет данных' | 'Не оплачен' {
  if (status === PAID_BILL_STATUS) return 'Оплачен';
  if (status === null) return 'Нет данных';
  return 'Не оплачен';
}
