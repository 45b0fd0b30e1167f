import { Hono } from 'hono';
import { listBills } from '#shared/api/bills.ts';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { listBills as findBills } from '#server/services/bill-list.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';

// The bills list (src/shared/api/bills.ts); the bill download lives with the other downloads.

export const billsRoutes = new Hono<AppEnv>();

route(
  billsRoutes,
  listBills,
  async (c, filter) => {
    const page = await findBills(c.var.deps.database.db, sessionOf(c).clientId, filter);
    c.header('Cache-Control', 'private, no-cache');
    return { success: true, ...page };
  },
  { before: [requireSession()] },
);
