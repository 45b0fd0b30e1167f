import { and, desc, eq, sql } from 'drizzle-orm';
import { AGREED } from '#shared/dictionaries/statement-decisions.ts';
import { integrationMessages, type CreateDefectAnswerInput } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { recordEvent, recordHistory } from '#server/db/journal.ts';
import { decisions, defectAnswers, defectStatements, tickets } from '#server/db/schema/tickets.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { notFound } from '#server/services/access/access.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { statementLabel } from '#server/services/tickets/decision-statements.ts';

// The service centre answers a clinic's 'Обсудить' (POST /api/v1/defects/{id}/answers): the answer
// goes on the statement under the question, the clinic is notified (portal, Telegram, Web Push,
// e-mail if asked), the feed gets `defect.answered`, and the statement is open for a decision again
// (`agreed` back to 0: the buttons come back; `version` grows, as a decision makes it). All in one
// transaction.

export async function answerDefect(
  deps: AppDeps,
  defectId: number,
  input: CreateDefectAnswerInput,
): Promise<{ id: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    // `for update`: a decision racing the answer waits, then sees the statement open again.
    const [current] = await tx
      .select({ statement: defectStatements, clientId: tickets.clientId })
      .from(defectStatements)
      .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
      .where(eq(defectStatements.id, defectId))
      .for('update', { of: defectStatements });
    if (!current) throw notFound();
    const { statement, clientId } = current;
    const [question] =
      statement.agreed === AGREED.discussed
        ? await tx
            .select({ id: decisions.id, comment: decisions.comment })
            .from(decisions)
            .where(and(eq(decisions.defectStatementId, defectId), eq(decisions.kind, 'discussed')))
            .orderBy(desc(decisions.id))
            .limit(1)
        : [];
    if (!question) throw new ApiFailure(409, { success: false, message: integrationMessages.notDiscussed });

    const [answer] = await tx
      .insert(defectAnswers)
      .values({ defectStatementId: defectId, decisionId: question.id, text: input.text, createdAt: now })
      .returning({ id: defectAnswers.id });
    if (!answer) throw new Error('defect answer was not inserted');
    // The version grows, as with a decision: a view from before the answer is stale.
    await tx
      .update(defectStatements)
      .set({ agreed: AGREED.none, version: sql`${defectStatements.version} + 1` })
      .where(eq(defectStatements.id, defectId));

    const label = `${statementLabel(statement)} (${statement.name})`;
    await recordEvent(tx, {
      type: 'defect.answered',
      clientId,
      ticketId: statement.ticketId,
      payload: { defect_id: defectId, ticket_id: statement.ticketId, answer_id: answer.id, text: input.text },
      createdAt: now,
    });
    await recordHistory(tx, {
      clientId,
      ticketId: statement.ticketId,
      description: `Ответ сервисного центра по ведомости ${label}: ${input.text}`,
      subjectType: 'DefectiveList',
      subjectId: defectId,
      createdAt: now,
    });
    await addNotification(tx, {
      clientId,
      description: `Сервисный центр ответил на ваш вопрос по ведомости ${label}: ${input.text}`,
      ticketId: statement.ticketId,
      createdAt: now,
      topic: 'decision',
    });
    return { id: answer.id };
  });
}
