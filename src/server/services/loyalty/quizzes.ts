import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { downloadPaths } from '#shared/api/tickets.ts';
import { QUIZ_MESSAGES, type Quiz, type QuizAnswer } from '#shared/screens/quizzes.ts';
import type { AppDeps } from '#server/context.ts';
import type { Reader } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { quizAnswers, quizItems, quizQuestions, quizzes } from '#server/db/schema/loyalty.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import { credit } from '#server/services/loyalty/points.ts';
import { checkAnswers } from '#server/services/loyalty/quiz-answers.ts';

// The bonus survey for the clinic (portal.md §2.7, §4.4; API.md §Loyalty programme): the newest
// active quiz is offered to a client who has not answered it; answering credits its points once.
// "Once" is the primary key of quiz_answers, so a repeat or a burst of parallel sends credits once.

/**
 * For the user data (one statement on every start): whether the newest active quiz waits for the
 * client of the outer query. Two index probes (quizzes_active_idx, quiz_answers' key).
 */
export function quizWaitingSql(): SQL<boolean> {
  // Written out with aliases: inside a one-table select Drizzle leaves columns unqualified, and an
  // unqualified "id" here would resolve to the wrong table.
  return sql<boolean>`exists (select 1 from (select q.id from quizzes q where q.active order by q.id desc limit 1) newest where not exists (select 1 from quiz_answers a where a.quiz_id = newest.id and a.client_id = ${sql.raw('"clients"."id"')}))`;
}

const imagePath = (fileId: number | null) => (fileId === null ? null : downloadPaths.file(fileId));

async function questionsOf(db: Reader, quizId: number) {
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position));
  const items = questions.length
    ? await db
        .select()
        .from(quizItems)
        .where(
          inArray(
            quizItems.questionId,
            questions.map((question) => question.id),
          ),
        )
        .orderBy(asc(quizItems.position))
    : [];
  return questions.map((question) => ({ ...question, items: items.filter((item) => item.questionId === question.id) }));
}

/** The quiz waiting for the client: the newest active one, unless answered; null when there is none. */
export async function waitingQuiz(db: Reader, clientId: number): Promise<Quiz | null> {
  const [newest] = await db.select().from(quizzes).where(eq(quizzes.active, true)).orderBy(desc(quizzes.id)).limit(1);
  if (!newest) return null;
  const [answered] = await db
    .select({ quizId: quizAnswers.quizId })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.quizId, newest.id), eq(quizAnswers.clientId, clientId)))
    .limit(1);
  if (answered) return null;
  const questions = await questionsOf(db, newest.id);
  return {
    id: newest.id,
    title: newest.title,
    image: imagePath(newest.imageFileId),
    minutes_count: newest.minutesCount,
    balls_count: newest.ballsCount,
    questions_count: questions.length,
    questions: questions.map((question) => ({
      id: question.id,
      title: question.title,
      type: question.type,
      has_own: question.hasOwn,
      items: question.items.map((item) => ({ id: item.id, title: item.title, image: imagePath(item.imageFileId) })),
    })),
  };
}

/**
 * Records the client's answers to an active quiz, checked against it, credits its points and writes
 * `quiz.answered`, all in one transaction; returns the points. A quiz that is gone or inactive is 422
 * on `quiz_id`, bad answers 422 on theirs, a second answer 409, and so is a client that cannot be
 * credited now (left, or the programme's end announced; points.ts `credit`): each writes nothing.
 */
export async function submitQuiz(
  deps: AppDeps,
  clientId: number,
  quizId: number,
  answers: readonly QuizAnswer[],
): Promise<number> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
    if (!quiz || !quiz.active) throw fieldFailure('quiz_id', QUIZ_MESSAGES.gone);
    const questions = await questionsOf(tx, quiz.id);
    const checked = checkAnswers(
      questions.map((question) => ({
        id: question.id,
        type: question.type,
        hasOwn: question.hasOwn,
        itemIds: new Set(question.items.map((item) => item.id)),
      })),
      answers,
    );
    // A parallel send of the same client waits here for the first to commit, then inserts nothing.
    const stored = await tx
      .insert(quizAnswers)
      .values({ quizId: quiz.id, clientId, answers: checked, createdAt: now })
      .onConflictDoNothing()
      .returning({ quizId: quizAnswers.quizId });
    if (stored.length === 0)
      throw new ApiFailure(409, {
        success: false,
        message: QUIZ_MESSAGES.answered,
        errors: { quiz_id: [QUIZ_MESSAGES.answered] },
      });
    await credit(tx, clientId, quiz.ballsCount, `Опрос «${quiz.title}»`, now, 'quiz_id');
    await recordEvent(tx, {
      type: 'quiz.answered',
      clientId,
      payload: { client_id: clientId, quiz_id: quiz.id, answers: checked },
      createdAt: now,
    });
    return quiz.ballsCount;
  });
}
