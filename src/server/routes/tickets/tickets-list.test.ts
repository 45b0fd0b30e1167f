import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, insertAccount, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import {
  insertFile,
  insertInstrument,
  insertStatement,
  insertTicket,
  tinyPdf,
} from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { tickets } from '#server/db/schema/tickets.ts';
import { accountAccesses, sessions } from '#server/db/schema/accounts.ts';
import { DAY_MS } from '#shared/durations.ts';
import { ticketPageQuery } from '#server/services/tickets/list.ts';
import type { TicketListItem } from '#shared/api/tickets.ts';

const NOW = new Date('2026-03-15T12:00:00Z');

let t: TestApp;
let me: { id: number; email: string };
let other: { id: number; email: string };
let colleague: { id: number; email: string };
const ids: Record<string, number> = {};

interface Page {
  success: boolean;
  data: TicketListItem[];
  next_cursor: string | null;
}

async function list(query = ''): Promise<Page> {
  const response = await t.request(`/ajax/cabinet/tickets${query ? `?${query}` : ''}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

async function as(account: { email: string }) {
  t.cookies.clear();
  expect((await loginAs(t, account.email)).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  me = await insertAccount(t);
  other = await insertAccount(t);
  colleague = await insertAccount(t);
  // Moscow is UTC+3: 21:30 UTC on the 10th is 00:30 on the 11th in Moscow.
  ids.lateEvening = await insertTicket(t, me.id, { status: 1, createdAt: new Date('2026-03-10T21:30:00Z') });
  ids.pending = await insertTicket(t, me.id, {
    status: 5,
    createdAt: new Date('2026-03-12T09:00:00Z'),
    providerOrderId: '777',
  });
  ids.finished = await insertTicket(t, me.id, {
    status: 7,
    finished: true,
    createdAt: new Date('2026-03-13T09:00:00Z'),
  });
  ids.byColleague = await insertTicket(t, me.id, {
    status: 5,
    authorId: colleague.id,
    createdAt: new Date('2026-03-14T09:00:00Z'),
  });
  ids.foreign = await insertTicket(t, other.id, { status: 5, createdAt: new Date('2026-03-14T10:00:00Z') });

  await insertInstrument(t, ids.lateEvening!, 'A');
  await insertInstrument(t, ids.lateEvening!, 'B');
  await insertInstrument(t, ids.pending!);
  await insertStatement(t, ids.pending!, { agreed: 0 });
  await insertStatement(t, ids.pending!, { agreed: 1 });
  await insertStatement(t, ids.pending!, { agreed: 2 });
  // A finished ticket never needs approval, even with a statement left at agreed = 0.
  await insertStatement(t, ids.finished!, { agreed: 0 });
  await insertStatement(t, ids.byColleague!, { agreed: 1 });
  await insertFile(t, 'x.pdf', 'application/pdf', tinyPdf('x'));
  await as(me);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /ajax/cabinet/tickets', () => {
  it('is 401 when logged out', async () => {
    const response = await t.request('/ajax/cabinet/tickets', { cookies: false });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false });
  });

  it("lists only the account's tickets, newest first, with counts and flags", async () => {
    const page = await list();
    expect(page.data.map((r) => r.id)).toEqual([ids.byColleague, ids.finished, ids.pending, ids.lateEvening]);
    expect(page.next_cursor).toBeNull();
    const byId = new Map(page.data.map((r) => [r.id, r]));
    expect(byId.get(ids.pending!)).toEqual({
      id: ids.pending,
      created_at: '2026-03-12 12:00:00',
      email: me.email,
      status: 'Требует согласования',
      status_code: 5,
      dv_approve_need: true,
      defectives_count: 3,
      tools_count: 1,
      dpd_order: true,
    });
    expect(byId.get(ids.lateEvening!)).toMatchObject({
      created_at: '2026-03-11 00:30:00',
      status: 'Ожидает одобрения',
      dv_approve_need: false,
      defectives_count: 0,
      tools_count: 2,
      dpd_order: false,
    });
    expect(byId.get(ids.finished!)).toMatchObject({ dv_approve_need: false, defectives_count: 1, status: 'Закрыта' });
    // Stored as 'Требует согласования', but its one quote is approved: nothing waits for the clinic (ADR 0021).
    expect(byId.get(ids.byColleague!)).toMatchObject({
      email: colleague.email,
      dv_approve_need: false,
      status: 'Работы согласованы',
      status_code: 6,
    });
  });

  it('filters by number prefix', async () => {
    const prefix = String(ids.pending).slice(0, 1);
    const page = await list(`number=${prefix}`);
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((r) => String(r.id).startsWith(prefix))).toBe(true);
    expect((await list(`number=${ids.pending}`)).data.map((r) => r.id)).toEqual([ids.pending]);
    expect((await list(`number=${ids.foreign}`)).data).toEqual([]);
    expect((await list('number=')).data).toHaveLength(4);
  });

  it('filters by Moscow calendar dates, both ends inclusive', async () => {
    expect((await list('date_from=2026-03-11&date_to=2026-03-11')).data.map((r) => r.id)).toEqual([ids.lateEvening]);
    expect((await list('date_to=2026-03-10')).data).toEqual([]);
    expect((await list('date_from=2026-03-12&date_to=2026-03-13')).data.map((r) => r.id)).toEqual([
      ids.finished,
      ids.pending,
    ]);
    expect((await list('date_from=2026-03-14')).data.map((r) => r.id)).toEqual([ids.byColleague]);
  });

  it('filters by status code', async () => {
    expect((await list('status=5')).data.map((r) => r.id)).toEqual([ids.pending]);
    // A ticket is found under the status it shows (ADR 0021): decided on, it is 'Работы согласованы'.
    expect((await list('status=6')).data.map((r) => r.id)).toEqual([ids.byColleague]);
    expect((await list('status=0')).data).toEqual([]);
  });

  it('finds each ticket under the status it shows, its own or the one derived from its decisions', async () => {
    const clinic = await insertAccount(t, { email: uniqueEmail('statuses') });
    const at = (day: number) => ({ createdAt: new Date(`2026-03-0${day}T09:00:00Z`) });
    const own1 = await insertTicket(t, clinic.id, { status: 1, ...at(1) });
    const rejected = await insertTicket(t, clinic.id, { status: 5, ...at(2) });
    await insertStatement(t, rejected, { agreed: 2 });
    const discussed = await insertTicket(t, clinic.id, { status: 5, ...at(3) });
    await insertStatement(t, discussed, { agreed: 3 });
    const approved = await insertTicket(t, clinic.id, { status: 5, ...at(4) });
    await insertStatement(t, approved, { agreed: 1 });
    const own6 = await insertTicket(t, clinic.id, { status: 6, ...at(5) });
    const undecided = await insertTicket(t, clinic.id, { status: 5, ...at(6) });
    await insertStatement(t, undecided, { agreed: 0 });
    const bare = await insertTicket(t, clinic.id, { status: 5, ...at(7) });
    const own3 = await insertTicket(t, clinic.id, { status: 3, ...at(8) });
    await as(clinic);
    const found = async (status: number) => (await list(`status=${status}`)).data.map((r) => [r.id, r.status_code]);
    expect(await found(1)).toEqual([
      [discussed, 1],
      [rejected, 1],
      [own1, 1],
    ]);
    expect(await found(6)).toEqual([
      [own6, 6],
      [approved, 6],
    ]);
    expect(await found(5)).toEqual([
      [bare, 5],
      [undecided, 5],
    ]);
    expect(await found(3)).toEqual([[own3, 3]]);
    expect(await found(2)).toEqual([]);
    await as(me);
  });

  it('filters by author for "Только мои заявки", and only with an id the viewer may name', async () => {
    expect((await list(`client_id=${me.id}`)).data.map((r) => r.id)).toEqual([
      ids.finished,
      ids.pending,
      ids.lateEvening,
    ]);
    // The other clinic's id matches nothing here, whatever it owns.
    expect((await list(`client_id=${other.id}`)).data).toEqual([]);
    expect((await list(`client_id=${colleague.id}`)).data).toEqual([]);
  });

  it('combines filters', async () => {
    const page = await list(
      `status=5&client_id=${me.id}&date_from=2026-03-12&date_to=2026-03-12&number=${ids.pending}`,
    );
    expect(page.data.map((r) => r.id)).toEqual([ids.pending]);
    expect((await list(`status=7&client_id=${me.id}&date_to=2026-03-12`)).data).toEqual([]);
  });

  it('refuses malformed filters with 422 and field messages', async () => {
    for (const query of [
      'status=9',
      'status=abc',
      'number=12a',
      'date_from=2026-02-30',
      'date_to=15.03.2026',
      'client_id=0',
      'limit=0',
      'limit=101',
      'cursor=%21%21',
      `cursor=${Buffer.from('2026-01-01|1').toString('base64url')}`,
      `cursor=${Buffer.from('2026-01-01T00:00:00.000000Z|99999999999').toString('base64url')}`,
      // Forged times that JS parses and PostgreSQL does not (year 0), or that do not exist at all.
      `cursor=${Buffer.from('0000-01-01T00:00:00.000000Z|5').toString('base64url')}`,
      `cursor=${Buffer.from('2026-02-30T00:00:00.000000Z|5').toString('base64url')}`,
      `cursor=${Buffer.from('1969-12-31T23:59:59.000000Z|5').toString('base64url')}`,
    ]) {
      const response = await t.request(`/ajax/cabinet/tickets?${query}`);
      expect(response.status, query).toBe(422);
      const body = (await response.json()) as { success: boolean; errors: Record<string, string[]> };
      expect(body.success).toBe(false);
      expect(Object.keys(body.errors).length, query).toBeGreaterThan(0);
    }
  });
});

describe('keyset paging', () => {
  it('walks equal timestamps without gaps or repeats', async () => {
    const account = await insertAccount(t, { email: uniqueEmail('pager') });
    const same = new Date('2026-03-01T10:00:00Z');
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) created.push(await insertTicket(t, account.id, { createdAt: same }));
    // Two more that differ from the rest by microseconds only: a JS Date cannot tell them apart.
    created.push(await insertTicket(t, account.id), await insertTicket(t, account.id));
    await t.db
      .update(tickets)
      .set({
        createdAt: sql`timestamptz '2026-03-01 10:00:00.000001+00' + (${tickets.id} % 2) * interval '1 microsecond'`,
      })
      .where(eq(tickets.id, created[7]!));
    await t.db
      .update(tickets)
      .set({ createdAt: sql`timestamptz '2026-03-01 10:00:00.000003+00'` })
      .where(eq(tickets.id, created[8]!));
    await as(account);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((r) => r.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
    const equal = created.slice(0, 7).sort((a, b) => b - a);
    expect(seen).toEqual([created[8], created[7], ...equal]);
    await as(me);
  });

  it('serves the first page of 10 000 tickets from the index', async () => {
    const big = await insertAccount(t, { email: uniqueEmail('big') });
    await t.db.execute(sql`
      insert into tickets (client_id, author_id, status, created_at)
      select ${big.id}, ${big.id}, g % 8, timestamptz '2024-01-01 00:00:00+00' + g * interval '7 minutes'
      from generate_series(1, 10000) as g`);
    await t.db.execute(sql`analyze tickets`);

    const built = await ticketPageQuery(t.db, big.id, {});
    const plan = await explain(built!.query.toSQL());
    expect(plan).toContain('tickets_client_created_idx');
    expect(plan).not.toMatch(/Seq Scan on tickets/);
    // The page's 51 rows come straight off the index: no sort of the clinic's 10 000 tickets.
    expect(plan).toMatch(/Limit[\s\S]*Index Scan[^\n]*tickets_client_created_idx/);

    await as(big);
    const first = await list();
    // A later page is a range on the same index, not a scan from the top.
    const later = await ticketPageQuery(t.db, big.id, { cursor: first.next_cursor! });
    expect(await explain(later!.query.toSQL())).toMatch(/Index Cond:[^\n]*created_at/);
    // The number search reads the few tickets whose number starts with the digits, not all 10 000.
    const search = await ticketPageQuery(t.db, big.id, { number: String(first.data[25]!.id) });
    expect(await explain(search!.query.toSQL())).toMatch(/Index Cond:[^\n]*text/);
    expect(await explain(search!.query.toSQL())).toContain('tickets_client_number_idx');
    // A status filter reads one status's tickets off their own index, newest first (migration
    // 0021): the column, which PostgreSQL estimates from its statistics, not the derivation's CASE,
    // which it cannot (it assumes 1 row in 200 whatever the data). needsDecision as well: its
    // derivation only narrows the tickets at that status.
    for (const status of [3, 5]) {
      const byStatus = await ticketPageQuery(t.db, big.id, { status });
      const statusPlan = await explain(byStatus!.query.toSQL());
      expect(statusPlan).not.toMatch(/CASE/);
      expect(statusPlan).toMatch(
        /Limit[\s\S]*Index Scan[^\n]*tickets_client_status_created_idx[\s\S]*Index Cond:[^\n]*status = /,
      );
    }
    expect(first.data).toHaveLength(50);
    expect(first.data[0]!.created_at).toBe('2024-02-18 17:40:00');
    const second = await list(`limit=100&cursor=${first.next_cursor}`);
    expect(second.data).toHaveLength(100);
    expect(second.data[0]!.id).toBeLessThan(first.data[49]!.id);
    await as(me);
  });
});

describe('GET /ajax/cabinet/tickets, one session over time', () => {
  // The session's statement reads the granters too (middleware/session-cookie.ts): nothing of it may
  // outlive the request, so each change below counts from the very next call of the same browser.
  it('follows a granted and a revoked access, an ended and an expired session from the next request', async () => {
    const owner = await insertAccount(t);
    const shared = await insertTicket(t, owner.id, { createdAt: new Date('2026-03-14T11:00:00Z') });
    const listed = async () => (await list()).data.map((row) => row.id);
    await as(colleague);
    expect(await listed()).not.toContain(shared);

    await t.db.insert(accountAccesses).values({ ownerClientId: owner.id, granteeClientId: colleague.id });
    expect(await listed()).toContain(shared);

    await t.db
      .delete(accountAccesses)
      .where(and(eq(accountAccesses.ownerClientId, owner.id), eq(accountAccesses.granteeClientId, colleague.id)));
    expect(await listed()).not.toContain(shared);

    // Ended elsewhere (another device's logout, the login devices page): the row is gone.
    await t.db.delete(sessions).where(eq(sessions.clientId, colleague.id));
    expect((await t.request('/ajax/cabinet/tickets')).status).toBe(401);

    await as(colleague);
    expect(await listed()).not.toContain(shared);
    t.advance(30 * DAY_MS + 1000);
    expect((await t.request('/ajax/cabinet/tickets')).status).toBe(401);
  });
});

/** EXPLAIN through whichever driver the test database uses. */
async function explain(query: { sql: string; params: unknown[] }): Promise<string> {
  const client = (t.db as unknown as { $client: unknown }).$client;
  if (t.deps.database.kind === 'pglite') {
    const result = await (
      client as { query(q: string, p: unknown[]): Promise<{ rows: Array<Record<string, string>> }> }
    ).query(`explain ${query.sql}`, query.params);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }
  const rows = await (client as { unsafe(q: string, p: unknown[]): Promise<Array<Record<string, string>>> }).unsafe(
    `explain ${query.sql}`,
    query.params,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
