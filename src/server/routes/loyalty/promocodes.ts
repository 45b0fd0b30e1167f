import { Hono } from 'hono';
import { applyPromocode as applyPromocodeCall } from '#shared/screens/promocodes.ts';
import type { AppEnv } from '#server/context.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { applyPromocode } from '#server/services/loyalty/promocodes.ts';

// Promo codes for the clinic (src/shared/screens/promocodes.ts).

export const promocodeRoutes = new Hono<AppEnv>();

route(
  promocodeRoutes,
  applyPromocodeCall,
  async (c, input) => ({
    success: true,
    message: await applyPromocode(c.var.deps, sessionOf(c).clientId, clientIp(c), input.promocode),
  }),
  { before: [requireSession()] },
);
