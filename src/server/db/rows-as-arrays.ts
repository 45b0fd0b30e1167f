import { types, type PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type Query } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { Db } from './client.ts';

// Drizzle maps every cell of every row through its column or SQL decoder, with an `is()` class
// check per cell that walks the prototype chain: on the requests list (50 rows × 11 columns) that
// was a tenth of the server's CPU (scripts/bench/profile-list.mjs). A hot query whose columns are
// numbers, booleans and text (which both drivers read alike and no decoder changes) reads its rows
// here, as arrays in the selection's order, and names them itself.

/** As drizzle's PGlite driver reads them: dates and times stay text, as postgres-js gives them to drizzle. */
const AS_TEXT = (value: string) => value;
const PGLITE_OPTIONS = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMP]: AS_TEXT,
    [types.TIMESTAMPTZ]: AS_TEXT,
    [types.INTERVAL]: AS_TEXT,
    [types.DATE]: AS_TEXT,
  },
};

function isPostgresJs(client: unknown): client is Sql {
  return typeof (client as Sql).unsafe === 'function';
}

/** The rows of a query built with placeholders (`toSQL()`), filled with `values`, as arrays. */
export async function rowsAsArrays(db: Db, query: Query, values: Record<string, unknown>): Promise<unknown[][]> {
  const params = fillPlaceholders(query.params, values);
  const client: unknown = db.$client;
  // postgres-js parses each text once per connection as a named statement (`prepare: true`).
  if (isPostgresJs(client)) return client.unsafe(query.sql, params as never[], { prepare: true }).values();
  return (await (client as PGlite).query<unknown[]>(query.sql, params, PGLITE_OPTIONS)).rows;
}
