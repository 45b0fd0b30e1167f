import * as v from 'valibot';
import { FILTERABLE_TICKET_STATUS_CODES } from '#shared/dictionaries/filterable-ticket-statuses.ts';
import type { TicketsListFilter } from './list-query.ts';

// The requests list's filters live in the address (ADR 0022): /cabinet/tickets?status=5&from=…&to=…&number=12&mine=true.
// Anything malformed is dropped, never an error page: a shared or hand-edited link still opens the list.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An optional search param whose wrong value reads as absent. */
const lenient = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

export const ticketsSearchSchema = v.object({
  status: lenient(v.picklist(FILTERABLE_TICKET_STATUS_CODES)),
  from: lenient(v.pipe(v.string(), v.regex(DATE))),
  to: lenient(v.pipe(v.string(), v.regex(DATE))),
  // The router reads '?number=12' as the number 12 (and writes a number back unquoted, where the text
  // '12' would become '?number="12"'); a typed '012' stays text. Kept as given, read as digits below.
  number: lenient(
    v.union([
      v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999_999_999)),
      v.pipe(v.string(), v.regex(/^\d{1,9}$/)),
    ]),
  ),
  mine: lenient(v.literal(true)),
});

export type TicketsSearch = v.InferOutput<typeof ticketsSearchSchema>;
export type TicketsSearchInput = v.InferInput<typeof ticketsSearchSchema>;

export function filterFromSearch(search: TicketsSearch): TicketsListFilter {
  return {
    status: search.status ?? null,
    dateFrom: search.from ?? null,
    dateTo: search.to ?? null,
    number: search.number === undefined ? '' : String(search.number),
    onlyMine: search.mine ?? false,
  };
}

/** Only the filters that are on, so the plain list keeps the plain address. */
export function searchFromFilter(filter: TicketsListFilter): TicketsSearchInput {
  const search: TicketsSearchInput = {};
  if (filter.status !== null) search.status = filter.status as TicketsSearchInput['status'];
  if (filter.dateFrom) search.from = filter.dateFrom;
  if (filter.dateTo) search.to = filter.dateTo;
  // A canonical number travels as one ('?number=12', not '?number="12"').
  if (filter.number) search.number = /^[1-9]\d*$/.test(filter.number) ? Number(filter.number) : filter.number;
  if (filter.onlyMine) search.mine = true;
  return search;
}
