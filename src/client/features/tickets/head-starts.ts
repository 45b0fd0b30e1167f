import * as v from 'valibot';
import { parsePathId } from '#shared/api/ids.ts';
import { TICKET_PATH, TICKETS_LIST_PATH } from '#shared/api/tickets-addresses.ts';
import { sendHeadStart, signedInHere } from '#client/lib/head-start.ts';
import { fillPath } from '#client/lib/http.ts';
import { ticketsQuery } from './list-query.ts';
import { filterFromSearch, ticketsSearchSchema } from './tickets-search.ts';

const TICKET_PAGE = /^\/cabinet\/tickets\/([^/]+)$/;

/**
 * A start at the requests list or at a ticket (a link from a notification, a courier's phone) asks for
 * its data from the entry: otherwise the request waits for the page's chunk and the account, a round
 * trip later on a slow network. The page's own first call then gets this answer (lib/head-start.ts).
 * Only for a browser that was given a session. A list of 'Только мои' needs the user's id, which is not
 * known yet: that list asks for itself.
 */
export function headStartTicketReads(location: { pathname: string; search: unknown }): void {
  if (!signedInHere()) return;
  const pathname = location.pathname.replace(/\/$/, '');
  if (pathname === '/cabinet/tickets') {
    headStartList(location.search);
    return;
  }
  // The number as the ticket page reads it (its route's params.parse): anything else names no ticket.
  const id = parsePathId(TICKET_PAGE.exec(pathname)?.[1]);
  if (id !== null) sendHeadStart(fillPath(TICKET_PATH, { id }));
}

function headStartList(search: unknown): void {
  const parsed = v.safeParse(ticketsSearchSchema, search);
  if (!parsed.success) return;
  const filter = filterFromSearch(parsed.output);
  if (filter.onlyMine) return;
  const query = new URLSearchParams(ticketsQuery(filter, 0, null) as Record<string, string>);
  sendHeadStart(`${TICKETS_LIST_PATH}?${query}`);
}
