import { AGREED, STATEMENT_STATUS } from '#shared/dictionaries/statement-decisions.ts';
import { eq, sql } from 'drizzle-orm';
import { integrationMessages, type CreateDefectInput, type PatchDefectInput } from '#shared/api/integration.ts';
import { defectStatusLabel } from '#shared/dictionaries/defect-statuses.ts';
import { isServiceCentreOffice } from '#shared/dictionaries/regions.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent, recordHistory } from '#server/db/journal.ts';
import { defectStatements, tickets } from '#server/db/schema/tickets.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { notFound } from '#server/services/access/access.ts';
import { requireFiles } from '#server/services/integration/refs.ts';
import { returnStatementSpends } from '#server/services/loyalty/points.ts';
import { lockClient } from '#server/db/client-lock.ts';
import { afterReopening, reopenedByNewPrice } from '#server/services/tickets/repriced-statement.ts';

// Defect statements (repair quotes) from the back office. `version` starts at 1 and grows by one
// with every PATCH that changes something: a clinic's decision names the version it saw, and the
// decisions service refuses it when they differ, so nobody approves a quote that changed under them.

const statementNumber = (row: { id: number; id1c: string | null }) => row.id1c ?? String(row.id);

/**
 * A price on a regional service centre's ticket is a quote nobody can decide on: the ticket page
 * shows the centre's card instead of statements (cabinet.md §2), so the clinic would never see it.
 * 409 (the ticket's state), nothing written. A zero sum is a record, not a quote.
 */
function refuseQuoteAtServiceCentre(officeId: number | null, sum: string | undefined) {
  if (sum !== undefined && Number(sum) > 0 && isServiceCentreOffice(officeId))
    throw fieldFailure('sum', integrationMessages.quoteAtServiceCentre, 409);
}

export async function createDefect(
  deps: AppDeps,
  ticketId: number,
  input: CreateDefectInput,
): Promise<{ id: number; version: number }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    // Locking the ticket orders this against a concurrent PATCH of the same ticket.
    const [ticket] = await tx
      .select({ id: tickets.id, clientId: tickets.clientId, officeId: tickets.officeId })
      .from(tickets)
      .where(eq(tickets.id, ticketId))
      .for('update');
    if (!ticket) throw notFound();
    refuseQuoteAtServiceCentre(ticket.officeId, input.sum);
    await requireFiles(tx, input.photo_file_ids, 'photo_file_ids');
    await requireFiles(tx, input.document_file_id, 'document_file_id');
    const [row] = await tx
      .insert(defectStatements)
      .values({
        ticketId,
        series: input.series,
        type: input.type,
        name: input.name,
        defect: input.defect,
        conclusion: input.conclusion || null,
        sum: input.sum,
        status: input.status,
        agreed: AGREED.none,
        tradeIsEnabled: input.trade_is_enabled,
        id1c: input.id_1c || null,
        departure: input.departure || null,
        photoFileIds: [...new Set(input.photo_file_ids)],
        documentFileId: input.document_file_id ?? null,
        version: 1,
        createdAt: now,
      })
      .returning({ id: defectStatements.id, id1c: defectStatements.id1c, version: defectStatements.version });
    if (!row) throw new Error('defect statement was not inserted');
    await recordEvent(tx, {
      type: 'defect.created',
      clientId: ticket.clientId,
      ticketId,
      payload: { defect_id: row.id, ticket_id: ticketId, version: row.version, status: input.status, sum: input.sum },
      createdAt: now,
    });
    await recordHistory(tx, {
      clientId: ticket.clientId,
      ticketId,
      description: `Добавлена дефектная ведомость №${statementNumber(row)}`,
      subjectType: 'DefectiveList',
      subjectId: row.id,
      createdAt: now,
    });
    return { id: row.id, version: row.version };
  });
}

async function lockClientOfStatement(tx: Tx, defectId: number): Promise<void> {
  const [owner] = await tx
    .select({ clientId: tickets.clientId })
    .from(defectStatements)
    .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
    .where(eq(defectStatements.id, defectId));
  if (owner) await lockClient(tx, owner.clientId);
}

type Changes = Partial<{
  status: number;
  sum: string;
  conclusion: string | null;
  departure: string | null;
  agreed: number;
}>;

export async function patchDefect(
  deps: AppDeps,
  defectId: number,
  input: PatchDefectInput,
): Promise<{ id: number; version: number; changed: string[] }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    // A new price or a cancellation may give points back (repriced-statement.ts, points.ts): the
    // client's lock comes first, as every writer takes it (ADR 0008), before the statement's.
    if (input.sum !== undefined || input.status === STATEMENT_STATUS.cancelled)
      await lockClientOfStatement(tx, defectId);
    // `for update`: a concurrent decision on this statement waits, then sees the new version.
    const [current] = await tx
      .select({ statement: defectStatements, clientId: tickets.clientId, officeId: tickets.officeId })
      .from(defectStatements)
      .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
      .where(eq(defectStatements.id, defectId))
      .for('update', { of: defectStatements });
    if (!current) throw notFound();
    refuseQuoteAtServiceCentre(current.officeId, input.sum);
    const { statement } = current;
    const wanted: Changes = {};
    if (input.status !== undefined) wanted.status = input.status;
    if (input.sum !== undefined) wanted.sum = input.sum;
    if (input.conclusion !== undefined) wanted.conclusion = input.conclusion || null;
    if (input.departure !== undefined) wanted.departure = input.departure || null;
    if (input.agreed !== undefined) wanted.agreed = input.agreed;
    const changes: Changes = {};
    for (const [key, value] of Object.entries(wanted) as [keyof Changes, unknown][]) {
      // numeric comes back as '12500.00'; the input has exactly two places too, so strings compare.
      if (statement[key] !== value) Object.assign(changes, { [key]: value });
    }
    const reopened = reopenedByNewPrice(statement, { sum: changes.sum, agreed: input.agreed });
    if (reopened) Object.assign(changes, reopened);
    const changed = Object.keys(changes);
    if (changed.length === 0) return { id: defectId, version: statement.version, changed };

    const [updated] = await tx
      .update(defectStatements)
      .set({ ...changes, version: sql`${defectStatements.version} + 1` })
      .where(eq(defectStatements.id, defectId))
      .returning({ version: defectStatements.version });
    const version = updated?.version ?? statement.version + 1;
    const number = statementNumber(statement);
    const returned =
      reopened && changes.sum !== undefined
        ? await afterReopening(tx, {
            clientId: current.clientId,
            statementId: defectId,
            ticketId: statement.ticketId,
            number,
            sum: changes.sum,
            now,
          })
        : 0;
    // portal.md §4.7 "Returns": a cancelled statement gives back the points spent on it.
    const returnedOnCancel =
      changes.status === STATEMENT_STATUS.cancelled
        ? await returnStatementSpends(
            tx,
            current.clientId,
            { id: defectId, ticketId: statement.ticketId },
            `Возврат бонусов: ведомость №${number} отменена`,
            now,
          )
        : 0;
    await recordEvent(tx, {
      type: 'defect.updated',
      clientId: current.clientId,
      ticketId: statement.ticketId,
      payload: { defect_id: defectId, ticket_id: statement.ticketId, version, changed: changes },
      createdAt: now,
    });
    const lines: string[] = [];
    if (changes.status !== undefined)
      lines.push(`Статус дефектной ведомости №${number} изменён на «${defectStatusLabel(changes.status)}»`);
    if (changes.sum !== undefined) {
      lines.push(
        `Сумма по дефектной ведомости №${number} изменена на ${formatMoney(changes.sum)}${reopened ? ': нужно согласовать ремонт заново' : ''}`,
      );
    }
    if (returned + returnedOnCancel > 0) {
      lines.push(
        `Возвращено ${countOf(returned + returnedOnCancel, BONUS_FORMS)}, списанных при согласовании ведомости №${number}`,
      );
    }
    for (const description of lines) {
      await recordHistory(tx, {
        clientId: current.clientId,
        ticketId: statement.ticketId,
        description,
        subjectType: 'DefectiveList',
        subjectId: defectId,
        createdAt: now,
      });
    }
    return { id: defectId, version, changed };
  });
}
