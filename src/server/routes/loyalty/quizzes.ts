import { Hono } from 'hono';
import { QUIZ_MESSAGES, getQuiz, sendQuiz } from '#shared/screens/quizzes.ts';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { submitQuiz, waitingQuiz } from '#server/services/loyalty/quizzes.ts';

// The bonus survey for the clinic (src/shared/screens/quizzes.ts).

export const quizRoutes = new Hono<AppEnv>();

route(
  quizRoutes,
  getQuiz,
  async (c) => {
    const quiz = await waitingQuiz(c.var.deps.database.db, sessionOf(c).clientId);
    if (!quiz) throw new ApiFailure(404, { success: false, message: QUIZ_MESSAGES.none });
    c.header('Cache-Control', 'no-store');
    return { success: true, ...quiz };
  },
  { before: [requireSession()] },
);

route(
  quizRoutes,
  sendQuiz,
  async (c, input) => {
    const balls = await submitQuiz(c.var.deps, sessionOf(c).clientId, input.quiz_id, input.answers);
    return { success: true, balls, message: QUIZ_MESSAGES.thanks };
  },
  { before: [requireSession()] },
);
