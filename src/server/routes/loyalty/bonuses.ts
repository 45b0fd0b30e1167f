import { Hono } from 'hono';
import { BONUS_TEXTS, confirmBonusEligibility, getBonuses } from '#shared/screens/bonuses.ts';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { notFound } from '#server/services/access/access.ts';
import { bonusesFor } from '#server/services/loyalty/bonus-page.ts';

// The clinic's 'Бонусы' page (src/shared/screens/bonuses.ts): its own points only, never another account's.

export const bonusRoutes = new Hono<AppEnv>();

route(
  bonusRoutes,
  getBonuses,
  async (c) => {
    const data = await bonusesFor(c.var.deps.database.db, sessionOf(c).clientId, c.var.deps.now());
    if (!data) throw notFound();
    c.header('Cache-Control', 'no-store');
    return { success: true, data };
  },
  { before: [requireSession()] },
);

route(
  bonusRoutes,
  confirmBonusEligibility,
  async () => {
    // Retired: every account takes part from registration (ADR 0016, amended). Kept for pages loaded before
    // the change, which would otherwise meet a 404; it writes nothing.
    return await Promise.resolve({ success: true as const, message: BONUS_TEXTS.eligibilityNotNeeded });
  },
  { before: [requireSession()] },
);
