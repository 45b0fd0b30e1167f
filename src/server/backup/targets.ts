import { PGlite } from '@electric-sql/pglite';
import { openPostgres, pgliteDatabase } from '#server/db/client.ts';
import type { RestoreTarget } from './restore.ts';
import { openPostgresRunner, pgliteRunner } from './sql-runner.ts';

// The databases a restore or a move writes into: the embedded one in DATA_DIR/pg, or PostgreSQL.

export type OpenTarget = RestoreTarget & { close(): Promise<void> };

export async function openPgliteTarget(dir: string): Promise<OpenTarget> {
  const client = await PGlite.create(dir);
  const database = pgliteDatabase(client);
  return { sql: pgliteRunner(client), migrate: (folder) => database.migrate(folder), close: () => client.close() };
}

export async function openPostgresTarget(url: string): Promise<OpenTarget> {
  const database = await openPostgres(url, { max: 1 });
  const runner = openPostgresRunner(url);
  return {
    sql: runner.sql,
    migrate: (folder) => database.migrate(folder),
    close: async () => {
      await runner.close();
      await database.close();
    },
  };
}
