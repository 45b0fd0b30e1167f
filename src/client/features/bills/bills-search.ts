import * as v from 'valibot';
import type { BillsFilter } from './api.ts';

/** The bills' one filter in the address (ADR 0022): /cabinet/bills?mine=true; a wrong value reads as off. */
export const billsSearchSchema = v.object({
  mine: v.fallback(v.optional(v.literal(true)), undefined),
});

export type BillsSearch = v.InferOutput<typeof billsSearchSchema>;

export const filterFromBillsSearch = (search: BillsSearch): BillsFilter => ({ onlyMine: search.mine ?? false });

export const billsSearchFromFilter = (filter: BillsFilter): v.InferInput<typeof billsSearchSchema> =>
  filter.onlyMine ? { mine: true } : {};
