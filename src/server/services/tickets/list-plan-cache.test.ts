// The list's statements are prepared once per connection (list.ts, runPageQuery) and live as long as
// it. PostgreSQL keeps a generic plan for a prepared statement only while it costs less than the
// average of the custom plans made so far (plancache.c choose_custom_plan), an average that keeps the
// plans of the table's early, small days: a page whose estimated cost grows with the clinic is then
// planned anew on every call once it has grown. PostgreSQL only: PGlite runs its own named statements
// (ADR 0036), and pg_prepared_statements shows one session's statements, here the one connection's.
import { viewerWith } from '#server/services/access/levels.ts';
import { sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../../../tests/setup/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { openPostgres, type Database } from '#server/db/client.ts';
import { listTickets } from './list.ts';

let t: TestApp;
let connection: Database;

beforeAll(async () => {
  t = await createTestApp();
  if (t.deps.database.kind === 'postgres') connection = await openPostgres(t.deps.config.databaseUrl!, { max: 1 });
});
afterAll(async () => {
  await connection?.close();
  await t?.close();
});

/** `count` more tickets for `clientId`, statuses 0–7 in turn, a minute apart, then fresh statistics. */
async function addTickets(clientId: number, count: number) {
  await t.db.execute(sql`
    insert into tickets (client_id, author_id, status, created_at)
    select ${clientId}, ${clientId}, g % 8, timestamptz '2026-01-01 00:00:00+00' - g * interval '1 minute'
    from generate_series(1, ${count}) as g`);
  await t.db.execute(sql`analyze tickets`);
}

/** The plans made so far for the list's page statements on the one connection. */
async function plansOfPageStatements() {
  const rows = await (connection.db.$client as unknown as Sql).unsafe<
    Array<{ generic_plans: string; custom_plans: string }>
  >(`select generic_plans, custom_plans from pg_prepared_statements where statement like '%tools_count%'`);
  return rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the requests list on one connection as the clinic grows', () => {
  it('keeps the status filter on its generic plan from 1 000 tickets to 20 000', async () => {
    const clinic = await insertAccount(t);
    const viewer = viewerWith(clinic.id, [], 'tickets');
    // 125 at status 3, more than a page, as in the bench (scripts/bench/scale.mjs): below a page, its
    // cost still grows until the page is full, a bounded step the cache gets past after a while.
    await addTickets(clinic.id, 1000);
    for (let i = 0; i < 10; i++) await listTickets(connection.db, viewer, { status: 3 });
    // Five custom plans first, always (plancache.c), then the generic one.
    expect(await plansOfPageStatements()).toEqual([{ generic: 5, custom: 5 }]);

    await addTickets(clinic.id, 19_000);
    for (let i = 0; i < 10; i++) {
      const page = await listTickets(connection.db, viewer, { status: 3 });
      expect(page.data).toHaveLength(50);
    }
    // With the derivation's CASE compared with the value, every one of these 10 was a custom plan.
    expect(await plansOfPageStatements()).toEqual([{ generic: 15, custom: 5 }]);
  });
});
