import { createReadStream } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FileStore } from '#server/storage/file-store.ts';
import { ArchiveRefused, extractArchive } from './archive.ts';
import { checkedManifest, type Manifest } from './manifest.ts';
import { migrationsUpTo } from './migrations.ts';
import type { SqlRunner } from './sql-runner.ts';
import { countRows, insertLines, isEmptyDatabase, writeSequences, type SequenceValue } from './tables.ts';

/** Rows per insert: a few megabytes of JSON at most for our widest rows. */
const BATCH_ROWS = 500;

/** An empty database to restore into, and how to migrate it (to a folder's migrations, or all). */
export interface RestoreTarget {
  sql: SqlRunner;
  migrate(folder?: string): Promise<void>;
}

export interface RestoreSummary {
  ms: number;
  migration: string;
  tables: Array<{ name: string; rows: number }>;
  files: { count: number; bytes: number };
  keys: string[];
  manifest: Manifest;
}

export interface RestoreOptions {
  file: string;
  key?: Buffer | undefined;
  /** Where to unpack the archive before anything is written (removed after). */
  scratchDir: string;
  target: RestoreTarget;
  files: FileStore;
  /** The keys go here, as the portal would have made them. */
  dataDir: string;
}

/**
 * Unpacks and checks the whole archive first (every checksum against the manifest), and only then
 * writes: the schema at the archive's migration, the rows in one transaction, the sequences, the
 * migrations the archive is behind on, the file bytes under their own keys, the keys.
 */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const scratch = await mkdtemp(path.join(options.scratchDir, '.portal-restore-'));
  try {
    const unpacked = path.join(scratch, 'archive');
    const digests = await extractArchive(options.file, options.key, unpacked);
    const manifest = await checkedManifest(unpacked, digests);
    await loadDatabase(options.target, unpacked, manifest);
    const files = await restoreFiles(options.files, unpacked, manifest);
    for (const name of manifest.keys)
      await copyFile(path.join(unpacked, 'keys', name), path.join(options.dataDir, name));
    return {
      ms: Math.round(performance.now() - started),
      migration: manifest.migrations.last,
      tables: manifest.tables,
      files,
      keys: manifest.keys,
      manifest,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function loadDatabase(target: RestoreTarget, unpacked: string, manifest: Manifest): Promise<void> {
  if (!(await isEmptyDatabase(target.sql)))
    throw new ArchiveRefused(
      'База данных не пуста: восстановление пишет только в пустую / the target database is not empty',
    );
  const migrations = await migrationsUpTo(manifest.migrations);
  try {
    await target.migrate(migrations.folder);
  } finally {
    await migrations.done();
  }
  const sequences = JSON.parse(await readFile(path.join(unpacked, 'db', 'sequences.json'), 'utf8')) as Record<
    string,
    SequenceValue
  >;
  await target.sql.transaction(async (sql) => {
    for (const table of manifest.tables) {
      await loadTable(sql, table.name, path.join(unpacked, 'db', `${table.name}.jsonl`));
      const rows = await countRows(sql, table.name);
      if (rows !== table.rows)
        throw new Error(`table ${table.name}: ${rows} rows loaded, the manifest says ${table.rows}`);
    }
    await writeSequences(sql, sequences);
  });
  await target.migrate();
}

async function loadTable(sql: SqlRunner, table: string, file: string): Promise<void> {
  let batch: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= BATCH_ROWS) {
      await insertLines(sql, table, batch);
      batch = [];
    }
  }
  await insertLines(sql, table, batch);
}

async function restoreFiles(store: FileStore, unpacked: string, manifest: Manifest) {
  let count = 0;
  let bytes = 0;
  for (const [name, digest] of Object.entries(manifest.entries)) {
    if (!name.startsWith('files/')) continue;
    const key = name.slice('files/'.length);
    const stored = await store.putAt(key, createReadStream(path.join(unpacked, name)));
    if (stored.sha256 !== digest.sha256) throw new Error(`the file store changed the bytes of ${key} on the way`);
    count += 1;
    bytes += stored.size;
  }
  return { count, bytes };
}
