import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { copyDataDirectory } from './pglite-copy.ts';
import { ALONE, takingTurns, type RunAlone } from './pglite-turns.ts';
import * as accountsSchema from './schema/accounts.ts';
import * as ticketsSchema from './schema/tickets.ts';
import * as loyaltySchema from './schema/loyalty.ts';
import * as placesSchema from './schema/places.ts';
import * as repairRequestsSchema from './schema/repair-requests.ts';
import * as notificationsSchema from './schema/notifications.ts';
import * as kavoSchema from './schema/kavo.ts';
import * as platformSchema from './schema/platform.ts';

/** Every table, for drizzle's typed client; each domain's tables are in their own file of db/schema/. */
const schema = {
  ...accountsSchema,
  ...ticketsSchema,
  ...loyaltySchema,
  ...placesSchema,
  ...repairRequestsSchema,
  ...notificationsSchema,
  ...kavoSchema,
  ...platformSchema,
};

/** Where the SQL migrations live, both in the source tree and next to the bundled server. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a read may run: the database itself or an open transaction. */
export type Reader = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations of `folder` (a restore cuts the folder at its archive's level); all of ours by default. */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: a consistent copy of the database for a backup of the running portal, taken in one
   * short turn (PGlite is one connection: a long read of the backup's own would hold every request).
   * An on-disk database is copied into the folder `into` (returned); one in memory as a tar.
   */
  snapshot?(into: string): Promise<string | Blob>;
}

/**
 * PGlite is one connection in WASM: its own mutex serialises every query and every transaction,
 * and drizzle's PGlite driver runs transactions through `PGlite.transaction`, so requests never
 * interleave inside one. Each statement or transaction starts in a turn of its own
 * (pglite-turns.ts), so a queue of them never holds the event loop for long.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  return dataDir ? pgliteDatabase(await PGlite.create(dataDir), dataDir) : pgliteDatabase(await PGlite.create());
}

/**
 * Bitmap scans off for our PGlite sessions: a bitmap heap scan reads its table's size on every start
 * and rescan, and in PGlite each size is a file seek that Emscripten answers with an fstat. The
 * requests list counts each listed ticket's instruments; the planner chose a bitmap scan for that
 * count (3 rows expected), and the fstats were a fifth of the list's CPU
 * (scripts/bench/profile-list.mjs; 1132 -> 1534 req/s without them). PGlite holds one clinic's
 * data, where an index scan costs what a bitmap scan does. ADR 0036.
 */
const PGLITE_SESSION_SETTINGS = 'set enable_bitmapscan = off';

/** A Database over a PGlite instance already open (e.g. a clone of a migrated template, in tests); `dataDir` where its files are. */
export function pgliteDatabase(client: PGlite, dataDir?: string): Database {
  const turns = takingTurns(client, PGLITE_SESSION_SETTINGS);
  const db = drizzlePglite({ client: turns, schema });
  const alone = (turns as unknown as Record<typeof ALONE, RunAlone>)[ALONE];
  return {
    db,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
    // The checkpoint writes every change into the data files, so the copy needs no long recovery.
    snapshot: async (into) => {
      if (!dataDir)
        return alone(async () => {
          await client.exec('checkpoint');
          return client.dumpDataDir('none');
        });
      await copyDataDirectory(dataDir, into, alone, () => client.exec('checkpoint'));
      return into;
    },
  };
}

/**
 * JIT off for our sessions: the planner's cost of a LIMIT over a filter it cannot estimate (the
 * list's status filter at 1 M tickets: 336 000) passes jit_above_cost, and compiling took 97 ms of
 * a query that runs in 0.6 ms (EXPLAIN ANALYZE). Our queries are all short; none gains from JIT.
 */
const SESSION_SETTINGS = { jit: 'off' };

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const sql = postgres(url, { max: options.max ?? 10, onnotice: () => {}, connection: SESSION_SETTINGS });
  const db = drizzlePostgres({ client: sql, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: (folder = migrationsFolder) => migratePostgres(db as never, { migrationsFolder: folder }),
    close: () => sql.end({ timeout: 5 }),
  };
}
