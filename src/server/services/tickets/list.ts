import { and, eq, sql, type AnyColumn, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import type * as v from 'valibot';
import { TICKETS_PAGE_SIZE, type ticketFilter, type TicketListItem } from '#shared/api/tickets.ts';
import { AGREED, STATEMENT_STATUS } from '#shared/dictionaries/statement-decisions.ts';
import { awaitsClinic, clinicTicketStatus, TICKET_STATUS } from '#shared/dictionaries/ticket-decision-status.ts';
import { isServiceCentreOffice } from '#shared/dictionaries/regions.ts';
import { ticketStatusLabel } from '#shared/dictionaries/ticket-statuses.ts';
import { formatServerTimestamp, serverDayStart } from '#shared/format/server-timestamp.ts';
import type { Db, Reader } from '#server/db/client.ts';
import { rowsAsArrays } from '#server/db/rows-as-arrays.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { defectStatements, instruments, tickets } from '#server/db/schema/tickets.ts';
import { ownedBy, visibleOwners, type Viewer } from '#server/services/access/access.ts';
import { viewerMay } from '#server/services/access/levels.ts';
import { cursorTimestamp, decodeTimestampCursor, encodeTimestampCursor } from '#server/services/keyset-cursor.ts';

// The requests list (cabinet.md §2): visible tickets, newest first, paged by keyset on
// (created_at, id) so page 200 costs what page 1 costs. The page is chosen first on the
// tickets(client_id, created_at desc, id desc) index; counts and flags are then computed for those
// rows only, in the same query.

/** The filter as the endpoint parsed it (numbers already numbers). */
export type ParsedTicketFilter = v.InferOutput<typeof ticketFilter>;

/**
 * Newest first, spelt exactly as the index is (drizzle writes `desc` indexes as DESC NULLS LAST,
 * while a bare ORDER BY … DESC means NULLS FIRST): only a matching order lets PostgreSQL read the
 * page off the index instead of sorting every ticket of the clinic.
 */
const newestFirst = (createdAt: AnyColumn | SQLWrapper, id: AnyColumn | SQLWrapper) => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

/** created_at as the cursor's key. */
const exactCreatedAt = cursorTimestamp(tickets.createdAt);

/** isOpenQuote (src/shared/dictionaries/statement-decisions.ts) in SQL. */
const openQuotesOnly = sql`${defectStatements.agreed} = ${AGREED.none} and ${defectStatements.status} not in (${STATEMENT_STATUS.closed}, ${STATEMENT_STATUS.cancelled})`;
const goAheadOnly = sql`${defectStatements.agreed} in (${AGREED.approved}, ${AGREED.tradeIn})`;
/** isOpenDiscussion in SQL. */
const openDiscussionsOnly = sql`${defectStatements.agreed} = ${AGREED.discussed} and ${defectStatements.status} = ${STATEMENT_STATUS.awaiting}`;

/** Whether the listed ticket has a statement matching `condition` (any statement without one). */
const anyStatement = (condition?: SQL) =>
  sql`exists (select 1 from ${defectStatements} where ${defectStatements.ticketId} = ${tickets.id}${condition ? sql` and ${condition}` : sql``})`;

/**
 * A ticket at needsDecision keeps that status (clinicTicketStatus): it has no statement, or the
 * clinic still has a quote to decide on (awaitsClinic).
 */
const keepsNeedsDecision = sql`(not ${anyStatement()} or (not ${tickets.finished} and ${anyStatement(openQuotesOnly)}))`;

/**
 * clinicTicketStatus (src/shared/dictionaries/ticket-decision-status.ts) in SQL, for the status
 * filter: the list must find a ticket under the status it shows. Keep the two in step.
 */
const clinicStatusSql = sql`(case when ${tickets.status} <> ${TICKET_STATUS.needsDecision} then ${tickets.status}
  when ${keepsNeedsDecision} then ${tickets.status}
  when ${anyStatement(openDiscussionsOnly)} then ${TICKET_STATUS.awaitingApproval}
  when ${anyStatement(goAheadOnly)} then ${TICKET_STATUS.worksAgreed}
  else ${TICKET_STATUS.awaitingApproval} end)`;

/** The statuses the derivation reads or gives: only for these can the shown status differ from the ticket's own. */
const DERIVED_STATUSES: readonly number[] = Object.values(TICKET_STATUS);

/**
 * The status filter: tickets shown under `status`. Only a ticket at needsDecision can show another
 * status than its own, so the derivation is computed for those alone, and a status it never gives
 * is the plain column, read off the tickets(client_id, status, created_at, id) index (migration
 * 0021) whatever its share of the clinic's tickets.
 *
 * PostgreSQL cannot estimate a CASE compared with a value (it assumes 1 row in 200), so with the
 * CASE alone the page's estimated cost grew with the clinic, and a statement prepared at 1 000
 * tickets was planned anew on every call at 1 000 000: the plan cache keeps a generic plan only
 * while it costs less than the average of the custom plans so far, and that average keeps the
 * cheap ones of the small table (plancache.c choose_custom_plan; pg_prepared_statements: 0
 * generic plans after the top-up, about 1 ms of planning for 0.2 ms of work per call). On the
 * column and on keepsNeedsDecision the estimates are the column's statistics and fixed shares,
 * so the page costs the same at any size.
 */
function statusIs(status: number, bind: Bind): SQL {
  // Each form is a shape of its own (runPageQuery tells shapes apart by the names of their values).
  if (!DERIVED_STATUSES.includes(status)) return sql`${tickets.status} = ${bind('status', status)}`;
  if (status === TICKET_STATUS.needsDecision)
    return sql`(${tickets.status} = ${bind('keptStatus', status)} and ${keepsNeedsDecision})`;
  const atNeedsDecision = sql`${tickets.status} = ${TICKET_STATUS.needsDecision}`;
  const derived = sql`(${atNeedsDecision} and ${clinicStatusSql} = ${bind('ownOrDerivedStatus', status)})`;
  return sql`(${tickets.status} = ${bind('ownOrDerivedStatus', status)} or ${derived})`;
}

/**
 * Where a filter's values go: into the SQL as bound parameters (`bound`), or as named placeholders
 * whose values are collected (`placeholders`), so that a query of the same shape is built and
 * prepared once and then only executed.
 */
type Bind = <T>(name: string, value: T) => unknown;
const bound: Bind = (_name, value) => value;

function placeholders() {
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  return { values, bind };
}

async function conditions(db: Reader, viewer: Viewer, filter: ParsedTicketFilter, bind: Bind): Promise<SQL[] | null> {
  const owners = visibleOwners(viewer);
  const where: SQL[] = [ownedBy(tickets.clientId, owners, bind)];
  if (filter.client_id !== undefined) {
    // 'Только мои заявки' names an account; one the viewer does not see simply matches nothing.
    if (!owners.includes(filter.client_id)) return null;
    where.push(sql`${tickets.authorId} = ${bind('author', filter.client_id)}`);
  }
  if (filter.number) where.push(sql`${tickets.id}::text like ${bind('number', `${filter.number}%`)}`);
  if (filter.status !== undefined) where.push(statusIs(filter.status, bind));
  // Dates are Moscow calendar days, both ends inclusive.
  if (filter.date_from)
    where.push(
      sql`${tickets.createdAt} >= ${bind('dateFrom', serverDayStart(filter.date_from).toISOString())}::timestamptz`,
    );
  if (filter.date_to)
    where.push(
      sql`${tickets.createdAt} < ${bind('dateTo', serverDayStart(filter.date_to, 1).toISOString())}::timestamptz`,
    );
  if (filter.cursor) {
    const key = decodeTimestampCursor(filter.cursor);
    where.push(
      sql`(${tickets.createdAt}, ${tickets.id}) < (${bind('cursorAt', key.at)}::timestamptz, ${bind('cursorId', key.id)})`,
    );
  }
  return where;
}

/** `condition`'s statements among those being counted, as an int. */
const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * A listed ticket's statements, tallied in one pass over its rows (one lookup on
 * defect_statements(ticket_id) per ticket, where a subquery per count made four).
 */
function statementTally(db: Reader, ticketId: AnyColumn | SQLWrapper) {
  return db
    .select({
      defectivesCount: sql<number>`count(*)::int`.as('defectives_count'),
      undecidedCount: countWhere(openQuotesOnly).as('undecided_count'),
      goAheadCount: countWhere(goAheadOnly).as('go_ahead_count'),
      discussedCount: countWhere(openDiscussionsOnly).as('discussed_count'),
    })
    .from(defectStatements)
    .where(sql`${defectStatements.ticketId} = ${ticketId}`)
    .as('tally');
}

function buildPageQuery(db: Reader, where: SQL[], limit: number | SQL) {
  // One row more than the page tells whether there is a next page.
  const page = db
    .select({
      id: tickets.id,
      createdAt: tickets.createdAt,
      exactCreatedAt: exactCreatedAt.as('exact_created_at'),
      status: tickets.status,
      finished: tickets.finished,
      authorId: tickets.authorId,
      providerOrderId: tickets.providerOrderId,
      officeId: tickets.officeId,
      clientId: tickets.clientId,
    })
    .from(tickets)
    .where(and(...where))
    .orderBy(...newestFirst(tickets.createdAt, tickets.id))
    // drizzle writes an SQL limit as it is (pg-core dialect: any object); its type names only numbers and placeholders.
    .limit(limit as number)
    .as('page');
  const tally = statementTally(db, page.id);
  return db
    .select({
      // created_at goes out once, as exact text: the cursor needs it, and a second copy as a
      // timestamp would be parsed twice per row (driver, then drizzle) for no gain.
      id: page.id,
      exactCreatedAt: page.exactCreatedAt,
      status: page.status,
      providerOrderId: page.providerOrderId,
      email: clients.email,
      finished: page.finished,
      defectivesCount: tally.defectivesCount,
      undecidedCount: tally.undecidedCount,
      goAheadCount: tally.goAheadCount,
      discussedCount: tally.discussedCount,
      officeId: page.officeId,
      toolsCount: sql<number>`(select count(*)::int from ${instruments} where ${instruments.ticketId} = ${page.id})`.as(
        'tools_count',
      ),
      clientId: page.clientId,
    })
    .from(page)
    .leftJoin(clients, eq(clients.id, page.authorId))
    .crossJoinLateral(tally)
    .orderBy(...newestFirst(page.createdAt, page.id));
}

/**
 * The page query, built but not run (tests EXPLAIN it); wrapped in an object because a drizzle
 * query is thenable and an async function would run it on return. null: nothing can match.
 */
export async function ticketPageQuery(db: Reader, viewerId: number, filter: ParsedTicketFilter) {
  const where = await conditions(db, { clientId: viewerId, scope: 'tickets', owners: [], grants: [] }, filter, bound);
  if (!where) return null;
  return { query: buildPageQuery(db, where, (filter.limit ?? TICKETS_PAGE_SIZE) + 1) };
}

/**
 * Building the page query (drizzle's SQL assembly) was a fifth of a list request's CPU
 * (scripts/bench/profile-list.mjs), so each shape of it — which filters are set, how many owners —
 * is built once per database and then only executed with its values (a named statement on both
 * drivers). There are at most a few hundred shapes (filters × owners × page sizes), each a small object.
 *
 * The page size is written into the text, not bound: with `limit $n` PostgreSQL cannot tell a page
 * from a tenth of the clinic, so its generic plan always looked dearer and it planned every call
 * anew (pg_prepared_statements: 0 generic plans in 10 calls, against 5 of 10 with the literal; on
 * PGlite each plan also stats every file of every table and index: ADR 0036). It is an integer the
 * filter's schema bounds (1–100), never text from the request.
 */
const builtPages = new WeakMap<Db, Map<string, Query>>();

/** The page's columns, in the order buildPageQuery selects them. */
type PageRow = [
  id: number,
  exactCreatedAt: string,
  status: number,
  providerOrderId: string | null,
  email: string | null,
  finished: boolean,
  defectivesCount: number,
  undecidedCount: number,
  goAheadCount: number,
  discussedCount: number,
  officeId: number | null,
  toolsCount: number,
  clientId: number,
];

async function runPageQuery(db: Db, viewer: Viewer, filter: ParsedTicketFilter, limit: number) {
  const { values, bind } = placeholders();
  const where = await conditions(db, viewer, filter, bind);
  if (!where) return null;
  const rowsToRead = limit + 1;
  const shape = `${Object.keys(values).join(',')};${rowsToRead}`;
  let byShape = builtPages.get(db);
  if (!byShape) builtPages.set(db, (byShape = new Map()));
  let query = byShape.get(shape);
  if (!query) {
    if (!Number.isSafeInteger(rowsToRead)) throw new Error('the page size must be an integer');
    query = buildPageQuery(db, where, sql.raw(String(rowsToRead))).toSQL();
    byShape.set(shape, query);
  }
  // Drizzle's own row mapping was a tenth of the CPU here (rows-as-arrays.ts); the columns are
  // numbers, booleans and text, named below by position.
  return (await rowsAsArrays(db, query, values)) as PageRow[];
}

export async function listTickets(
  db: Db,
  viewer: Viewer,
  filter: ParsedTicketFilter,
): Promise<{ data: TicketListItem[]; next_cursor: string | null }> {
  const limit = filter.limit ?? TICKETS_PAGE_SIZE;
  const rows = await runPageQuery(db, viewer, filter, limit);
  if (!rows) return { data: [], next_cursor: null };
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    data: pageRows.map((row) => {
      const [
        id,
        exactCreatedAt,
        status,
        providerOrderId,
        email,
        finished,
        total,
        undecided,
        goAhead,
        discussed,
        officeId,
        tools,
        clientId,
      ] = row;
      // The same reading of the statements as the ticket page's (detail.ts).
      const tally = { total, undecided, goAhead, discussed };
      const ticket = { status, finished };
      const shown = clinicTicketStatus(ticket, tally);
      return {
        id,
        created_at: formatServerTimestamp(new Date(exactCreatedAt)),
        email: email ?? '',
        status: ticketStatusLabel(shown),
        status_code: shown,
        // A service centre's ticket shows the centre's card, not its quotes (cabinet.md §2): nothing to
        // decide there; nor for a colleague whose level gives no decisions ('Только заявки', ADR 0049).
        dv_approve_need:
          !isServiceCentreOffice(officeId) && awaitsClinic(ticket, tally) && viewerMay(viewer, clientId, 'decisions'),
        defectives_count: tally.total,
        tools_count: tools,
        dpd_order: providerOrderId !== null,
      };
    }),
    next_cursor: rows.length > limit && last ? encodeTimestampCursor({ at: last[1], id: last[0] }) : null,
  };
}
