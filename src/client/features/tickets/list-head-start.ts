import * as v from 'valibot';
import { TICKETS_LIST_PATH } from '#shared/api/tickets-list-address.ts';
import { sendHeadStart, signedInHere } from '#client/lib/head-start.ts';
import { ticketsQuery } from './list-query.ts';
import { filterFromSearch, ticketsSearchSchema } from './tickets-search.ts';

/**
 * A start at the requests list asks for its first page from the entry: otherwise the request waits for
 * the list's chunk and the account, a round trip later on a slow network. The list's own first call
 * then gets this answer (lib/head-start.ts). Only for a browser that was given a session; 'Только мои' needs the user's id, which is not known yet:
 * that list asks for itself.
 */
export function headStartTicketsList(location: { pathname: string; search: unknown }): void {
  if (location.pathname.replace(/\/$/, '') !== '/cabinet/tickets' || !signedInHere()) return;
  const search = v.safeParse(ticketsSearchSchema, location.search);
  if (!search.success) return;
  const filter = filterFromSearch(search.output);
  if (filter.onlyMine) return;
  const query = new URLSearchParams(ticketsQuery(filter, 0, null) as Record<string, string>);
  sendHeadStart(`${TICKETS_LIST_PATH}?${query}`);
}
