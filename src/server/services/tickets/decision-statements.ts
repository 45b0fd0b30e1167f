import { decisionClosedReason, isUndecided, type AgreedCode } from '#shared/dictionaries/statement-decisions.ts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { decisionMessages } from '#shared/screens/decisions.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent, recordHistory, type NewEvent } from '#server/db/journal.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { decisions, defectStatements } from '#server/db/schema/tickets.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { requireVisibleStatements, type Viewer } from '#server/services/access/access.ts';

// What every decision on a quote shares: lock the statements, refuse a quote that was decided or
// changed since the user saw it (409 with the current state), then write the statement, the
// decision row, the history line and the event together.

type Statement = typeof defectStatements.$inferSelect;
type Ticket = Awaited<ReturnType<typeof requireVisibleStatements>>['ticket'];

export interface SeenStatement {
  id: number;
  version: number;
}

export interface LockedStatements {
  ticket: Ticket;
  /** In the order the request named them, each once. */
  statements: Statement[];
}

/** The 409 `details` (conflictDetails in src/shared/screens/decisions.ts). */
function conflict(message: string, statements: Statement[]): ApiFailure {
  return new ApiFailure(409, {
    success: false,
    message,
    details: {
      statements: statements.map((s) => ({
        id: s.id,
        version: s.version,
        sum: s.sum,
        status: s.status,
        agreed: s.agreed,
      })),
    },
  });
}

/**
 * The named statements, visible to the viewer, on the ticket, locked until commit (in id order,
 * so two transactions never wait on each other crosswise), not decided yet and at the version the
 * user saw, on a quote and ticket the back office has not closed. Anything else: 404 / 409 and
 * nothing written. `NO KEY UPDATE` excludes other deciders
 * and back-office changes but not foreign-key inserts (e.g. a bill linking this statement), which
 * could otherwise deadlock against us over the event-order lock (ADR 0006).
 */
export async function lockForDecision(
  tx: Tx,
  viewer: Viewer,
  ticketId: number,
  seen: SeenStatement[],
): Promise<LockedStatements> {
  const seenVersion = new Map<number, number>();
  let contradictory = false;
  for (const item of seen) {
    const earlier = seenVersion.get(item.id);
    if (earlier !== undefined && earlier !== item.version) contradictory = true;
    seenVersion.set(item.id, item.version);
  }
  const ids = [...seenVersion.keys()];
  const { ticket } = await requireVisibleStatements(tx, viewer, ticketId, ids);
  const locked = await tx
    .select()
    .from(defectStatements)
    .where(inArray(defectStatements.id, ids))
    .orderBy(asc(defectStatements.id))
    .for('no key update');
  const byId = new Map(locked.map((row) => [row.id, row]));
  const statements = ids.map((id) => byId.get(id)).filter((row): row is Statement => row !== undefined);
  if (statements.some((s) => !isUndecided(s))) throw conflict(decisionMessages.alreadyDecided, statements);
  // Checked after the clinic's own decision: a rejection leaves the statement cancelled too.
  const closed = statements.map((s) => decisionClosedReason(s, ticket)).find((reason) => reason !== null);
  if (closed) throw conflict(decisionMessages[closed], statements);
  if (contradictory || statements.some((s) => s.version !== seenVersion.get(s.id)))
    throw conflict(decisionMessages.conflict, statements);
  return { ticket, statements };
}

/** lockForDecision for a decision on one statement (a question, a trade-in). */
export async function lockOneForDecision(
  tx: Tx,
  viewer: Viewer,
  ticketId: number,
  seen: SeenStatement,
): Promise<{ ticket: Ticket; statement: Statement }> {
  const { ticket, statements } = await lockForDecision(tx, viewer, ticketId, [seen]);
  const [statement] = statements;
  if (!statement) throw new Error('lockForDecision returned no statement');
  return { ticket, statement };
}

/** How the statement is named to the clinic: its 1C number when the back office sent one. */
export function statementLabel(statement: Statement): string {
  return `№${statement.id1c ?? statement.id}`;
}

type DecisionEventType = 'defect.approved' | 'defect.rejected' | 'defect.discussed' | 'defect.trade_in';
/** A decision's event, its payload as its type documents it (ADR 0050). */
type DecisionEvent = {
  [T in DecisionEventType]: Pick<Extract<NewEvent, { type: T }>, 'type' | 'payload'>;
}[DecisionEventType];

export interface DecisionWrite {
  viewerId: number;
  ticket: Ticket;
  statement: Statement;
  kind: (typeof decisions.$inferInsert)['kind'];
  agreed: AgreedCode;
  /** The new statement status, when the decision changes it. */
  status?: number;
  comment?: string | null;
  balls?: number;
  giftId?: number | null;
  tradeInInstrumentId?: number | null;
  /** A trade-in's instrument title and price as agreed (the card shows them; the catalogue may change later). */
  tradeIn?: { title: string; price: string } | null;
  history: string;
  event: DecisionEvent;
  now: Date;
}

async function emailOf(tx: Tx, clientId: number): Promise<string> {
  const [row] = await tx.select({ email: clients.email }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return row?.email ?? '';
}

/**
 * Writes one decision except its event, which it returns: the caller records the events after all
 * other writes, so the event-order lock (journal.ts) is held as briefly as possible and no other
 * lock is requested while holding it.
 */
export async function writeDecision(tx: Tx, write: DecisionWrite): Promise<NewEvent> {
  const { statement, ticket, now } = write;
  // The version grows: the statement changed, and a view older than this decision is stale.
  await tx
    .update(defectStatements)
    .set({
      agreed: write.agreed,
      ...(write.status === undefined ? {} : { status: write.status }),
      version: sql`${defectStatements.version} + 1`,
    })
    .where(eq(defectStatements.id, statement.id));
  await tx.insert(decisions).values({
    defectStatementId: statement.id,
    clientId: write.viewerId,
    kind: write.kind,
    comment: write.comment ?? null,
    balls: write.balls ?? 0,
    giftId: write.giftId ?? null,
    tradeInInstrumentId: write.tradeInInstrumentId ?? null,
    tradeInTitle: write.tradeIn?.title ?? null,
    tradeInPrice: write.tradeIn?.price ?? null,
    statementVersion: statement.version,
    createdAt: now,
  });
  // A colleague with access decides on the owner's ticket: the history says who (cabinet.md §2 Accesses).
  const by = write.viewerId === ticket.clientId ? '' : ` (${await emailOf(tx, write.viewerId)})`;
  await recordHistory(tx, {
    clientId: ticket.clientId,
    ticketId: ticket.id,
    description: `${write.history}${by}`,
    subjectType: 'DefectiveList',
    subjectId: statement.id,
    createdAt: now,
  });
  // The payload names the account that decided (`actor_client_id`); the event's client stays the owner.
  return {
    ...write.event,
    clientId: ticket.clientId,
    ticketId: ticket.id,
    createdAt: now,
  };
}

/** Writes a decision on each statement, then records all their events (see writeDecision). */
export async function writeDecisions(
  tx: Tx,
  statements: readonly Statement[],
  describe: (statement: Statement) => DecisionWrite,
): Promise<void> {
  const events: NewEvent[] = [];
  for (const statement of statements) events.push(await writeDecision(tx, describe(statement)));
  for (const event of events) await recordEvent(tx, event);
}
