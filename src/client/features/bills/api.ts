// The bills list call (src/shared/screens/bills.ts listBills) through the app's one HTTP client.
import { listBills, type Bill } from '#shared/screens/bills.ts';
import type { EndpointInput } from '#shared/api/endpoint.ts';
import { ownerAndCursor } from '#client/lib/list-owner-and-cursor.ts';
import type { Page } from '#client/lib/paged-list-store.ts';
import { callApi } from '#client/lib/http.ts';

export interface BillsFilter {
  /** 'Только мои счета': sends the user's id as client_id. */
  onlyMine: boolean;
}

export const EMPTY_BILLS_FILTER: BillsFilter = { onlyMine: false };

export function billsQuery(
  filter: BillsFilter,
  userId: number,
  cursor: string | null,
): EndpointInput<typeof listBills> {
  return ownerAndCursor(filter.onlyMine, userId, cursor);
}

export async function fetchBillsPage(
  filter: BillsFilter,
  userId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<Bill>> {
  const response = await callApi(listBills, { input: billsQuery(filter, userId, cursor), signal });
  return { items: response.data, nextCursor: response.next_cursor };
}
