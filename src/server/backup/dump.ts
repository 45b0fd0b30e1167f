import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { readMigrationLevel, type MigrationLevel } from './migrations.ts';
import type { SqlRunner } from './sql-runner.ts';
import { readSequences, tableLines, tablesInLoadOrder } from './tables.ts';

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

export interface DumpedRows {
  level: MigrationLevel;
  tables: Array<{ name: string; rows: number }>;
  /** db/sequences.json's bytes. */
  sequences: Uint8Array;
  /** The files whose bytes the archive takes from the store. */
  files: StoredFile[];
  source: 'pglite' | 'postgres';
}

/** Writes every table of the snapshot as db/<table>.jsonl into `staging`. */
export async function dumpRows(sql: SqlRunner, staging: string): Promise<DumpedRows> {
  await mkdir(path.join(staging, 'db'));
  const level = await readMigrationLevel(sql);
  const [{ version }] = (await sql.rows<{ version: string }>(`select version()`)) as [{ version: string }];
  const tables: Array<{ name: string; rows: number }> = [];
  for (const name of await tablesInLoadOrder(sql)) {
    const out = createWriteStream(path.join(staging, 'db', `${name}.jsonl`), { mode: 0o600 });
    let rows = 0;
    for await (const line of tableLines(sql, name)) {
      rows += 1;
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    tables.push({ name, rows });
  }
  const sequences = Buffer.from(JSON.stringify(await readSequences(sql)));
  const files = await sql.rows<StoredFile>(
    `select storage_key as key, size, sha256 from files where storage_key is not null order by id`,
  );
  // PGlite says so in its version string ("… (PGlite …)" / "emscripten").
  const source: 'pglite' | 'postgres' = /pglite|emscripten|wasm/i.test(version) ? 'pglite' : 'postgres';
  return { level, tables, sequences, files, source };
}
