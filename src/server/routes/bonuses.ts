import { Hono } from 'hono';
import { BONUS_TEXTS, confirmBonusEligibility, getBonuses } from '#shared/api/bonuses.ts';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { notFound } from '#server/services/access.ts';
import { bonusesFor } from '#server/services/bonus-page.ts';
import { confirmEligibility } from '#server/services/loyalty-participation.ts';

// The clinic's 'Бонусы' page (src/shared/api/bonuses.ts): its own points only, never another account's.

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
  async (c) => {
    await confirmEligibility(c.var.deps, sessionOf(c).clientId);
    return { success: true, message: BONUS_TEXTS.eligibilityConfirmed };
  },
  { before: [requireSession()] },
);
