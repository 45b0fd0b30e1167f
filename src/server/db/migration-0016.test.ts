import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder, openPostgres, pgliteDatabase, type Database } from '#server/db/client.ts';

// Migration 0016 (ADR 0016, amended): accounts that existed before it take part in the
// loyalty programme from the migration's moment — not retroactively from their creation — and an
// account that had confirmed the old condition keeps its earlier date. The database is migrated to
// 0015, given accounts, then migrated on with the real folder, on PGlite or PostgreSQL as the run is.

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the migrations folder that stops before 0016. */
function foldersUpTo0015(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  temporary.push(dir);
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  const kept = journal.entries.filter((entry) => entry.idx < 16);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const file of readdirSync(migrationsFolder)) {
    if (kept.some((entry) => `${entry.tag}.sql` === file))
      copyFileSync(path.join(migrationsFolder, file), path.join(dir, file));
  }
  return dir;
}

/** A fresh database and how to migrate it with a given folder; PostgreSQL when the run uses it. */
async function freshDatabase(): Promise<{
  database: Database;
  migrateWith(folder: string): Promise<void>;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = pgliteDatabase(await PGlite.create());
    return {
      database,
      migrateWith: (folder) => migratePglite(database.db, { migrationsFolder: folder }),
      drop: () => database.close(),
    };
  }
  const name = `test_m16_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 1 });
  return {
    database,
    migrateWith: (folder) => migratePostgres(database.db as never, { migrationsFolder: folder }),
    async drop() {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

it('makes every existing account a participant from the migration, keeping an earlier confirmation’s date', async () => {
  const { database, migrateWith, drop } = await freshDatabase();
  try {
    await migrateWith(foldersUpTo0015());
    await database.db
      .execute(sql`insert into clients (email, name, surname, password_hash, created_at, loyalty_eligible_at) values
      ('old@clinic.test', 'Анна', 'Смирнова', 'x', '2025-01-10T09:00:00Z', null),
      ('confirmed@clinic.test', 'Иван', 'Петров', 'x', '2025-01-10T09:00:00Z', '2025-06-01T09:00:00Z')`);
    const before = Date.now();
    await migrateWith(migrationsFolder);
    const after = Date.now();

    const rows = await database.db.execute<{ email: string; since: string | Date }>(
      sql`select email, loyalty_participant_since as since from clients order by email`,
    );
    const since = new Map(
      (Array.isArray(rows) ? rows : rows.rows).map((row) => [row.email, new Date(row.since).getTime()]),
    );
    expect(since.get('confirmed@clinic.test')).toBe(Date.parse('2025-06-01T09:00:00Z'));
    // The migration's moment, not the account's creation (2025-01-10): nothing retroactive.
    expect(since.get('old@clinic.test')).toBeGreaterThanOrEqual(before - 1000);
    expect(since.get('old@clinic.test')).toBeLessThanOrEqual(after + 1000);
    // No account is ever without a start again: the column refuses null.
    await expect(database.db.execute(sql`update clients set loyalty_participant_since = null`)).rejects.toThrow();
  } finally {
    await drop();
  }
});
