import { Hono } from 'hono';
import { getTicket, getTicketHistory, listTickets } from '#shared/api/tickets.ts';
import type { AppEnv } from '#server/context.ts';
import { readPathId, route, type RouteOptions } from '#server/lib/validate.ts';
import { requireSession } from '#server/middleware/session.ts';
import { viewerOf } from '#server/services/access/levels.ts';
import { loadTicket, loadTicketHistory } from '#server/services/tickets/detail.ts';
import { listTickets as findTickets } from '#server/services/tickets/list.ts';
import { downloadRoutes } from '../files/downloads.ts';

// The clinic's requests (src/shared/api/tickets.ts): list, ticket page, history. Visibility is
// decided in services/access/access.ts; these handlers only parse and pass on.

export const ticketsRoutes = new Hono<AppEnv>();

const loggedIn: RouteOptions = { before: [requireSession()] };

route(
  ticketsRoutes,
  listTickets,
  async (c, filter) => {
    // The session carries the granters it read this request: the list is two database calls, not three.
    const page = await findTickets(c.var.deps.database.db, viewerOf(c), filter);
    c.header('Cache-Control', 'private, no-cache');
    return { success: true, ...page };
  },
  loggedIn,
);

route(
  ticketsRoutes,
  getTicket,
  async (c) => {
    const id = readPathId(c);
    const ticket = await loadTicket(c.var.deps.database.db, viewerOf(c), id);
    c.header('Cache-Control', 'private, no-cache');
    return { success: true, ticket };
  },
  loggedIn,
);

route(
  ticketsRoutes,
  getTicketHistory,
  async (c) => {
    const id = readPathId(c);
    const data = await loadTicketHistory(c.var.deps.database.db, viewerOf(c), id);
    c.header('Cache-Control', 'private, no-cache');
    return { success: true, data };
  },
  loggedIn,
);

ticketsRoutes.route('/', downloadRoutes);
