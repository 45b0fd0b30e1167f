import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '#server/db/client.ts';
import type { SqlRunner } from './sql-runner.ts';

// A backup records how far its database was migrated; a restore builds the schema to exactly that
// point, loads the rows, then runs the migrations the archive is behind on, as a start would.

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export interface MigrationLevel {
  /** Migrations applied, and the last one's name and journal time (drizzle records that time). */
  count: number;
  last: string;
  when: number;
}

async function journal(): Promise<JournalEntry[]> {
  const text = await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

export async function readMigrationLevel(sql: SqlRunner): Promise<MigrationLevel> {
  const [row] = await sql.rows<{ when: string | null; count: string }>(
    `select max(created_at)::text as when, count(*)::text as count from drizzle.__drizzle_migrations`,
  );
  const when = Number(row?.when ?? 0);
  const entry = (await journal()).find((item) => item.when === when);
  if (!entry) throw new Error(`the database was migrated by a version this one does not know (migration time ${when})`);
  return { count: Number(row!.count), last: entry.tag, when };
}

/** Whether this version knows the level (an archive of a newer version is refused, not half loaded). */
export async function knowsLevel(level: MigrationLevel): Promise<boolean> {
  return (await journal()).some((item) => item.when === level.when && item.tag === level.last);
}

/** The migrations folder cut at `level`, in a temporary folder the caller removes with `done`. */
export async function migrationsUpTo(level: MigrationLevel): Promise<{ folder: string; done(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const entries = (await journal()).filter((item) => item.when <= level.when);
  const file = path.join(folder, 'meta', '_journal.json');
  const whole = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...whole, entries }));
  return { folder, done: () => rm(folder, { recursive: true, force: true }) };
}
