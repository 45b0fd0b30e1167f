import type { SqlRunner } from './sql-runner.ts';

// The database as rows: every table of the public schema, each row as one line of JSON made by
// PostgreSQL itself (row_to_json) and read back by it (json_populate_recordset), so dates, amounts,
// bytea and jsonb go through no JavaScript type on the way.

/**
 * Rows per statement: PGlite runs a statement synchronously on the event loop (a PGlite backup reads
 * its copy in the server's process), 2 000 rows took 110–140 ms; 500 keep each step near 30 ms.
 */
const CHUNK_ROWS = 500;

/** Lets the event loop answer requests between two statements of a long read. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public tables, parents before children, so rows load with every foreign key checked. */
export async function tablesInLoadOrder(sql: SqlRunner): Promise<string[]> {
  const tables = (
    await sql.rows<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).map((row) => row.name);
  const links = await sql.rows<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table)) throw new Error(`foreign keys go round a cycle through ${table}`);
    path.add(table);
    for (const link of links) if (link.child === table) visit(link.parent, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** The primary key's columns, for a stable order (a table that references itself loads older rows first). */
async function keyColumns(sql: SqlRunner, table: string): Promise<string[]> {
  const rows = await sql.rows<{ name: string }>(
    `select a.attname as name from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
    [`public.${quoted(table)}`],
  );
  return rows.map((row) => row.name);
}

/** Every row of `table` as a JSON line, in primary-key order, a chunk per statement. */
export async function* tableLines(sql: SqlRunner, table: string): AsyncIterable<string> {
  const keys = await keyColumns(sql, table);
  const from = `from public.${quoted(table)} t`;
  if (keys.length !== 1) {
    const order = keys.length > 0 ? `order by ${keys.map(quoted).join(', ')}` : '';
    for (const row of await sql.rows<{ line: string }>(`select row_to_json(t)::text as line ${from} ${order}`))
      yield row.line;
    return;
  }
  const key = quoted(keys[0]!);
  let after: string | null = null;
  for (;;) {
    const rows: Array<{ line: string; key: string }> = await sql.rows(
      `select row_to_json(t)::text as line, t.${key}::text as key ${from}
       ${after === null ? '' : `where t.${key} > $1`} order by t.${key} limit ${CHUNK_ROWS}`,
      after === null ? [] : [after],
    );
    for (const row of rows) yield row.line;
    if (rows.length < CHUNK_ROWS) return;
    after = rows.at(-1)!.key;
    await breathe();
  }
}

/** Inserts JSON lines made by tableLines into the same table of another database. */
export async function insertLines(sql: SqlRunner, table: string, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  await sql.rows(
    `insert into public.${quoted(table)} select * from json_populate_recordset(null::public.${quoted(table)}, $1::text::json)`,
    [`[${lines.join(',')}]`],
  );
}

export async function countRows(sql: SqlRunner, table: string): Promise<number> {
  const [row] = await sql.rows<{ count: string }>(`select count(*)::text as count from public.${quoted(table)}`);
  return Number(row!.count);
}

export interface SequenceValue {
  last_value: string;
  is_called: boolean;
}

/** Every sequence's position: ids restored go on from where they were, never reused (the event feed's ids among them). */
export async function readSequences(sql: SqlRunner): Promise<Record<string, SequenceValue>> {
  const names = await sql.rows<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = 'public' order by 1`,
  );
  const values: Record<string, SequenceValue> = {};
  for (const { name } of names) {
    const [row] = await sql.rows<SequenceValue>(
      `select last_value::text as last_value, is_called from public.${quoted(name)}`,
    );
    values[name] = row!;
  }
  return values;
}

export async function writeSequences(sql: SqlRunner, values: Record<string, SequenceValue>): Promise<void> {
  for (const [name, value] of Object.entries(values))
    await sql.rows(`select setval($1::regclass, $2::bigint, $3)`, [
      `public.${quoted(name)}`,
      value.last_value,
      value.is_called,
    ]);
}

/** Whether the database has no table of ours yet (a restore or a move writes only into an empty one). */
export async function isEmptyDatabase(sql: SqlRunner): Promise<boolean> {
  const [row] = await sql.rows<{ count: string }>(
    `select count(*)::text as count from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  return row!.count === '0';
}
