import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { Database } from '#server/db/client.ts';

// The backup reads and writes with plain SQL on either database, through this one small interface:
// a logical copy (rows as JSON) is the same on PGlite and PostgreSQL and needs no pg_dump (ADR 0044).

export interface SqlRunner {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T>;
}

interface PgliteLike {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export function pgliteRunner(client: PgliteLike & Pick<PGlite, 'transaction'>): SqlRunner {
  const inside = (tx: PgliteLike): SqlRunner => ({
    rows: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
    transaction: (work) => work(inside(tx)),
  });
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    transaction: (work) => client.transaction((tx) => work(inside(tx as PgliteLike))),
  };
}

function postgresRunner(sql: postgres.Sql | postgres.TransactionSql): SqlRunner {
  return {
    rows: async <T>(text: string, params?: unknown[]) =>
      (await sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    transaction: (work) =>
      'begin' in sql ? (sql.begin((tx) => work(postgresRunner(tx))) as Promise<never>) : work(postgresRunner(sql)),
  };
}

/** A PGlite of our own (a stopped portal's DATA_DIR/pg, or a snapshot), closed by `close`. */
export async function openPgliteRunner(
  from: string | Blob,
): Promise<{ sql: SqlRunner; client: PGlite; close(): Promise<void> }> {
  const client = typeof from === 'string' ? await PGlite.create(from) : await PGlite.create({ loadDataDir: from });
  return { sql: pgliteRunner(client), client, close: () => client.close() };
}

/** One connection of our own to PostgreSQL. */
export function openPostgresRunner(url: string): { sql: SqlRunner; close(): Promise<void> } {
  const connection = postgres(url, { max: 1, onnotice: () => {}, connection: { jit: 'off' } });
  return { sql: postgresRunner(connection), close: () => connection.end({ timeout: 5 }) };
}

/** Where a backup reads the database from, each a consistent snapshot. */
export type Source =
  /** A running portal's own database: PGlite copies its data directory in one turn; PostgreSQL reads in one transaction. */
  | { database: Database; databaseUrl: string | undefined }
  /** A stopped portal's embedded database (the caller holds its DATA_DIR lock). */
  | { pgliteDir: string }
  | { postgresUrl: string };

export async function withSnapshot<T>(source: Source, work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  if ('pgliteDir' in source) return withPglite(source.pgliteDir, work);
  if ('postgresUrl' in source) return withPostgres(source.postgresUrl, work);
  if (source.database.snapshot) {
    const scratch = await mkdtemp(path.join(tmpdir(), 'portal-snapshot-'));
    try {
      return await withPglite(await source.database.snapshot(path.join(scratch, 'pg')), work);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  if (!source.databaseUrl) throw new Error('no way to read this database: neither a PGlite nor a DATABASE_URL');
  return withPostgres(source.databaseUrl, work);
}

async function withPglite<T>(from: string | Blob, work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  const opened = await openPgliteRunner(from);
  try {
    return await work(opened.sql);
  } finally {
    await opened.close();
  }
}

async function withPostgres<T>(url: string, work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  const connection = postgres(url, { max: 1, onnotice: () => {}, connection: { jit: 'off' } });
  try {
    // One snapshot for every table while requests go on in other connections; read only, so it takes no locks that writers wait for.
    return (await connection.begin('isolation level repeatable read read only', (tx) => work(postgresRunner(tx)))) as T;
  } finally {
    await connection.end({ timeout: 5 });
  }
}
