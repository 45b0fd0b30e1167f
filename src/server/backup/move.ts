import { createHash } from 'node:crypto';
import type { FileStore } from '#server/storage/file-store.ts';
import { ArchiveRefused } from './archive.ts';
import type { SqlRunner } from './sql-runner.ts';
import {
  countRows,
  insertLines,
  isEmptyDatabase,
  readSequences,
  tableLines,
  tablesInLoadOrder,
  writeSequences,
} from './tables.ts';
import type { RestoreTarget } from './restore.ts';

// The embedded database copied into an empty PostgreSQL (and the files into a bucket): the schema
// by our migrations, the rows table by table in dependency order in one transaction, the sequences
// where they were; then every table's count and checksum compared on both sides.

const BATCH_ROWS = 500;

export interface MoveSummary {
  ms: number;
  tables: Array<{ name: string; rows: number }>;
  files: { count: number; bytes: number; copied: boolean };
}

export interface MoveOptions {
  /** The embedded database, opened by the caller (who holds the DATA_DIR lock). */
  source: RestoreTarget;
  target: RestoreTarget;
  /** The files' store now; `to` the bucket they move to (unset: they stay where they are). */
  from: FileStore;
  to?: FileStore | undefined;
}

export async function moveDatabase(options: MoveOptions): Promise<MoveSummary> {
  const started = performance.now();
  const { source, target } = options;
  if (!(await isEmptyDatabase(target.sql)))
    throw new ArchiveRefused(
      'База PostgreSQL не пуста: перенос пишет только в пустую / the PostgreSQL database is not empty',
    );
  // Both at the newest schema: the portal would migrate the embedded database at its next start anyway.
  await source.migrate();
  await target.migrate();
  const tables: Array<{ name: string; rows: number }> = [];
  await target.sql.transaction(async (into) => {
    for (const name of await tablesInLoadOrder(source.sql)) {
      let batch: string[] = [];
      for await (const line of tableLines(source.sql, name)) {
        batch.push(line);
        if (batch.length >= BATCH_ROWS) {
          await insertLines(into, name, batch);
          batch = [];
        }
      }
      await insertLines(into, name, batch);
      tables.push({ name, rows: await countRows(into, name) });
    }
    await writeSequences(into, await readSequences(source.sql));
  });
  await checkSame(source.sql, target.sql, tables);
  const files = await moveFiles(source.sql, options.from, options.to);
  return { ms: Math.round(performance.now() - started), tables, files };
}

/** Every table's rows, printed by each database in UTC, hash the same on both sides. */
async function checkSame(source: SqlRunner, target: SqlRunner, tables: Array<{ name: string; rows: number }>) {
  for (const sql of [source, target]) await sql.rows(`set timezone = 'UTC'`);
  for (const table of tables) {
    const [left, right] = await Promise.all([tableDigest(source, table.name), tableDigest(target, table.name)]);
    if (left.rows !== right.rows || left.sha256 !== right.sha256)
      throw new Error(
        `table ${table.name} differs after the copy: ${left.rows} rows in the embedded database, ${right.rows} in PostgreSQL`,
      );
  }
}

async function tableDigest(sql: SqlRunner, table: string) {
  const hash = createHash('sha256');
  let rows = 0;
  for await (const line of tableLines(sql, table)) {
    hash.update(line).update('\n');
    rows += 1;
  }
  return { rows, sha256: hash.digest('hex') };
}

/** Copies each file the rows name into `to` under its own key, checked against its row's SHA-256; without `to`, only checks them. */
async function moveFiles(sql: SqlRunner, from: FileStore, to: FileStore | undefined) {
  const rows = await sql.rows<{ key: string; sha256: string; size: number }>(
    `select storage_key as key, sha256, size from files where storage_key is not null order by id`,
  );
  let bytes = 0;
  for (const row of rows) {
    let sha256: string;
    if (to) sha256 = (await to.putAt(row.key, await from.open(row.key))).sha256;
    else {
      const hash = createHash('sha256');
      for await (const chunk of await from.open(row.key)) hash.update(chunk as Buffer);
      sha256 = hash.digest('hex');
    }
    if (sha256 !== row.sha256) throw new Error(`the bytes of file ${row.key} do not match the checksum in its row`);
    bytes += row.size;
  }
  return { count: rows.length, bytes, copied: to !== undefined };
}
