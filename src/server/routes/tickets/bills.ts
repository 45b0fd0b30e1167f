import { Hono } from 'hono';
import { listBills, reportBillPayment } from '#shared/screens/bills.ts';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { listBills as findBills } from '#server/services/tickets/bill-list.ts';
import { reportBillPayment as reportPayment } from '#server/services/tickets/bill-payment.ts';
import { requireSession } from '#server/middleware/session.ts';
import { viewerOf } from '#server/services/access/levels.ts';

// The bills list (src/shared/screens/bills.ts) and 'Я оплатил'; the bill download lives with the other downloads.

export const billsRoutes = new Hono<AppEnv>();

route(
  billsRoutes,
  listBills,
  async (c, filter) => {
    const { deps } = c.var;
    const page = await findBills(deps.database.db, viewerOf(c), filter, undefined, deps.config.payee);
    c.header('Cache-Control', 'private, no-cache');
    return { success: true, ...page };
  },
  { before: [requireSession()] },
);

route(
  billsRoutes,
  reportBillPayment,
  async (c, { bill_id }) => ({ success: true, ...(await reportPayment(c.var.deps, viewerOf(c), bill_id)) }),
  { before: [requireSession()] },
);
