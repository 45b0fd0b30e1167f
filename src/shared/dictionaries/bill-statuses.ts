// The bill statuses the integration API understands (docs/api.md "Bill statuses"). The spec's rule
// is exact: 'Оплачен' is paid, null "no data", any other text unpaid (cabinet.md §4). A back office
// that spells paid otherwise ('Оплачено', 'оплачен', ' Оплачен ') would leave a paid bill asking to
// be paid, so those spellings are stored as 'Оплачен'; any other text keeps the spec's rule.

export const PAID_STATUS = 'Оплачен';

/** Spellings of paid, compared lower-case with spaces folded. */
const PAID_SPELLINGS: ReadonlySet<string> = new Set(['оплачен', 'оплачено']);

/** The unpaid texts the back office is known to send: anything else is logged once as new. */
export const KNOWN_UNPAID_STATUSES: readonly string[] = [
  'Не оплачен',
  'Не оплачено',
  'Частично оплачен',
  'Ожидает оплаты',
];

/** The status as stored: spaces folded and trimmed, the paid spellings as 'Оплачен'. */
export function normalizeBillStatus(status: string): string {
  const folded = status.replace(/\s+/g, ' ').trim();
  return PAID_SPELLINGS.has(folded.toLowerCase()) ? PAID_STATUS : folded;
}

/** A status the portal knows how to read without guessing (paid, or one of the known unpaid texts). */
export const isKnownBillStatus = (status: string): boolean =>
  status === PAID_STATUS || KNOWN_UNPAID_STATUSES.includes(status);
