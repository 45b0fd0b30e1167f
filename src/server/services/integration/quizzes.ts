import { eq } from 'drizzle-orm';
import { promoQuizMessages, type CreateQuizInput, type PatchQuizInput } from '#shared/api/integration-promo-quiz.ts';
import type { AppDeps } from '#server/context.ts';
import { quizItems, quizQuestions, quizzes } from '#server/db/schema/loyalty.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { requireFiles } from '#server/services/integration/refs.ts';

// The back office's bonus surveys (API.md §Loyalty programme): a quiz with its questions and items
// in one transaction; `PATCH {active}` offers or withdraws it.

export async function createQuiz(deps: AppDeps, input: CreateQuizInput): Promise<{ id: number }> {
  return deps.database.db.transaction(async (tx) => {
    await requireFiles(tx, input.image_file_id, 'image_file_id');
    for (const [index, question] of input.questions.entries()) {
      await requireFiles(
        tx,
        question.items.map((item) => item.image_file_id),
        `questions.${index}.items`,
      );
    }
    const [quiz] = await tx
      .insert(quizzes)
      .values({
        title: input.title,
        imageFileId: input.image_file_id,
        minutesCount: input.minutes_count,
        ballsCount: input.balls_count,
        active: input.active,
        createdAt: deps.now(),
      })
      .returning({ id: quizzes.id });
    if (!quiz) throw new Error('quiz was not inserted');
    // One question at a time: its id is needed for its items, and the order is the position.
    for (const [position, question] of input.questions.entries()) {
      const [row] = await tx
        .insert(quizQuestions)
        .values({ quizId: quiz.id, position, title: question.title, type: question.type, hasOwn: question.has_own })
        .returning({ id: quizQuestions.id });
      if (!row) throw new Error('question was not inserted');
      if (question.items.length === 0) continue;
      await tx.insert(quizItems).values(
        question.items.map((item, itemPosition) => ({
          questionId: row.id,
          position: itemPosition,
          title: item.title,
          imageFileId: item.image_file_id,
        })),
      );
    }
    return { id: quiz.id };
  });
}

export async function patchQuiz(
  deps: AppDeps,
  id: number,
  input: PatchQuizInput,
): Promise<{ id: number; changed: string[] }> {
  return deps.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ active: quizzes.active })
      .from(quizzes)
      .where(eq(quizzes.id, id))
      .for('update')
      .limit(1);
    if (!before) throw fieldFailure('id', promoQuizMessages.quizNotFound, 404);
    if (before.active === input.active) return { id, changed: [] };
    await tx.update(quizzes).set({ active: input.active }).where(eq(quizzes.id, id));
    return { id, changed: ['active'] };
  });
}
