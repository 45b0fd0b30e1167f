import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, isNotNull } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKETS_LIST_PATH } from '#shared/api/tickets-addresses.ts';
import { openPostgres, pgliteDatabase } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '#server/db/seed.ts';
import { createS3Store } from '#server/storage/s3-store.ts';
import { loginAs } from '../../../tests/setup/accounts.ts';
import { BACKUP_TEST_NOW, writingClinic } from '../../../tests/setup/backup-world.ts';
import { startS3Server, type TestS3 } from '../../../tests/setup/s3-server.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { moveDatabase, type MoveSummary } from './move.ts';
import { openPgliteRunner } from './sql-runner.ts';
import { openPostgresTarget } from './targets.ts';

// The embedded portal moved to PostgreSQL and its files to a bucket: the portal started there is the
// same portal — the same logins, tickets, photos, and an event feed that goes on where the back
// office stopped reading, with no event twice. Always against the local PostgreSQL (the source is
// the embedded database in both test runs).

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const databaseName = `move_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const targetUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
};

let embedded: TestApp;
let moved: TestApp;
let s3: TestS3;
let clinic: Awaited<ReturnType<typeof writingClinic>>;
let summary: MoveSummary;
let lastRead: number;

interface FeedPage {
  events: Array<{ id: number; type: string }>;
  next: number;
}
async function readFeed(t: TestApp, after: number): Promise<FeedPage['events']> {
  const all: FeedPage['events'] = [];
  for (let cursor = after; ;) {
    const page = (await (await t.integration(`/events?after=${cursor}&limit=100`)).json()) as FeedPage;
    if (page.events.length === 0) return all;
    all.push(...page.events);
    cursor = page.next;
  }
}
const withoutCsrf = (body: unknown) => ({ ...(body as Record<string, unknown>), csrf_token: undefined });
const ticketsOf = async (t: TestApp) => withoutCsrf(await (await t.request(TICKETS_LIST_PATH)).json());
const photoIds = async (t: TestApp) =>
  (
    await t.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.ownerClientId, clinic.account.id), isNotNull(files.storageKey)))
  ).map((row) => row.id);
const bytesOf = async (t: TestApp, id: number) =>
  Buffer.from(await (await t.integration(`/files/${id}`)).arrayBuffer());

beforeAll(async () => {
  const raw = await PGlite.create();
  const source = pgliteDatabase(raw);
  await source.migrate();
  embedded = await createTestApp({ now: BACKUP_TEST_NOW, seed: true, database: { database: source, url: undefined } });
  clinic = await writingClinic(embedded);
  await clinic.writeOnce();
  await clinic.writeOnce();
  lastRead = (await readFeed(embedded, 0)).at(-1)!.id;

  s3 = await startS3Server();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${databaseName}`);
  await admin.end();

  // The embedded portal stopped: its database as the command opens it (here from a copy of its files).
  const copy = await openPgliteRunner(await source.snapshot!(path.join(embedded.config.dataDir, 'pg-copy')));
  const target = await openPostgresTarget(targetUrl());
  try {
    summary = await moveDatabase({
      source: { sql: copy.sql, migrate: (folder) => pgliteDatabase(copy.client).migrate(folder) },
      target,
      from: embedded.deps.files,
      to: createS3Store(s3.settings, path.join(embedded.config.dataDir, 'spool')),
    });
  } finally {
    await copy.close();
    await target.close();
  }
  moved = await createTestApp({
    now: BACKUP_TEST_NOW,
    database: { database: await openPostgres(targetUrl()), url: targetUrl() },
    config: { s3: s3.settings },
  });
}, 120_000);

afterAll(async () => {
  await moved?.close();
  await embedded?.close();
  await s3?.close();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

describe('move to PostgreSQL and S3', () => {
  it('copies every row and file and says so', () => {
    const rows = Object.fromEntries(summary.tables.map((table) => [table.name, table.rows]));
    expect(rows.tickets).toBeGreaterThan(2);
    expect(rows.events).toBe(lastRead);
    expect(summary.files).toMatchObject({ copied: true });
    expect(summary.files.count).toBeGreaterThanOrEqual(2);
  });

  it('logs the same users in with the same passwords and shows the same tickets', async () => {
    for (const t of [embedded, moved]) {
      t.cookies.clear();
      expect((await loginAs(t, DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200);
    }
    const before = (await ticketsOf(embedded)) as unknown as { data: Array<{ id: number }> };
    expect(before.data.length).toBeGreaterThan(0);
    expect(await ticketsOf(moved)).toEqual(before);
    const one = `${TICKETS_LIST_PATH}/${before.data[0]!.id}`;
    const ticket = withoutCsrf(await (await embedded.request(one)).json());
    expect(ticket).toHaveProperty('ticket');
    expect(withoutCsrf(await (await moved.request(one)).json())).toEqual(ticket);
  });

  it('serves the same photos from the bucket', async () => {
    const ids = await photoIds(moved);
    expect(ids).toEqual(await photoIds(embedded));
    for (const id of ids) {
      const bytes = await bytesOf(moved, id);
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes).toEqual(await bytesOf(embedded, id));
    }
  });

  it('goes on with the event feed after the last event the back office read, none twice', async () => {
    const writer = await writingClinic(moved, { account: clinic.account, ticketId: clinic.ticketId });
    await writer.writeOnce();
    const fresh = await readFeed(moved, lastRead);
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    expect(fresh.every((event) => event.id > lastRead)).toBe(true);
    expect(fresh.map((event) => event.type)).toContain('ticket.created');
    const whole = await readFeed(moved, 0);
    expect(whole.slice(0, -fresh.length)).toEqual(await readFeed(embedded, 0));
    expect(new Set(whole.map((event) => event.id)).size).toBe(whole.length);
  });
});
