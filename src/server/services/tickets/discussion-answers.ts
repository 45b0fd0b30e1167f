import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DiscussionAnswer } from '#shared/api/tickets.ts';
import { formatServerTimestamp } from '#shared/format/server-timestamp.ts';
import type { Reader } from '#server/db/client.ts';
import { decisions, defectAnswers } from '#server/db/schema/tickets.ts';

// The service centre's answer to the clinic's question on each statement, for the ticket page. An
// answer stands under its question until the clinic asks again ('Обсудить' once more): then the new
// question waits for its own answer and the old pair is left to the history.

/** The newest answer per statement that answers the statement's newest question, by statement id. */
export async function discussionAnswers(db: Reader, statementIds: number[]): Promise<Map<number, DiscussionAnswer>> {
  if (statementIds.length === 0) return new Map();
  const newestQuestion = sql`(select max(${decisions.id}) from ${decisions} where ${decisions.defectStatementId} = ${defectAnswers.defectStatementId} and ${decisions.kind} = 'discussed')`;
  const rows = await db
    .selectDistinctOn([defectAnswers.defectStatementId], {
      statementId: defectAnswers.defectStatementId,
      question: decisions.comment,
      text: defectAnswers.text,
      createdAt: defectAnswers.createdAt,
    })
    .from(defectAnswers)
    .innerJoin(decisions, eq(decisions.id, defectAnswers.decisionId))
    .where(and(inArray(defectAnswers.defectStatementId, statementIds), eq(defectAnswers.decisionId, newestQuestion)))
    .orderBy(defectAnswers.defectStatementId, desc(defectAnswers.id));
  return new Map(
    rows.map((row) => [
      row.statementId,
      { question: row.question ?? '', text: row.text, answered_at: formatServerTimestamp(row.createdAt) },
    ]),
  );
}
