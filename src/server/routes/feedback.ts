import { Hono } from 'hono';
import { FEEDBACK_MESSAGES, sendProposal } from '#shared/api/feedback.ts';
import type { AppEnv } from '#server/context.ts';
import { recordEvent } from '#server/db/journal.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';

// The feedback box (src/shared/api/feedback.ts): the suggestion goes to the back office as an event.

export const feedbackRoutes = new Hono<AppEnv>();

route(
  feedbackRoutes,
  sendProposal,
  async (c, input) => {
    const { deps } = c.var;
    const clientId = sessionOf(c).clientId;
    await enforceLimits(deps, [[rateRules.feedbackAccount, String(clientId)]]);
    const now = deps.now();
    await deps.database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'feedback.sent',
        clientId,
        payload: { client_id: clientId, comment: input.comment },
        createdAt: now,
      }),
    );
    return { success: true, message: FEEDBACK_MESSAGES.sent };
  },
  { before: [requireSession()] },
);
