import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { copyDataDirectory } from './pglite-copy.ts';
import { ALONE, answerClock, takingTurns, type RunAlone } from './pglite-turns.ts';
import * as accountsSchema from './schema/accounts.ts';
import * as ticketsSchema from './schema/tickets.ts';
import * as loyaltySchema from './schema/loyalty.ts';
import * as placesSchema from './schema/places.ts';
import * as repairRequestsSchema from './schema/repair-requests.ts';
import * as notificationsSchema from './schema/notifications.ts';
import * as kavoSchema from './schema/kavo.ts';
import * as platformSchema from './schema/platform.ts';
import * as couriersSchema from './schema/couriers.ts';

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
  ...couriersSchema,
};

/** Where the SQL migrations live, both in the source tree and next to the bundled server. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a read may run: the database itself or an open transaction. */
export type Reader = Db | Tx;

/** How busy the connections are, for the metrics (metrics/pool.ts). */
export interface PoolLoad {
  /** Connections the pool may open (PGlite: its one). */
  size: number;
  /** Statements or transactions holding a connection now. */
  inUse: number;
  /** Statements or transactions waiting for one now. */
  waiting: number;
  /** How many had to wait, since the start. */
  waits: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite: whether a statement answered in the last `ms` (its one connection queues the health check's own). */
  answeredWithin?: (ms: number) => boolean;
  load?: () => PoolLoad;
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
  const clock = answerClock();
  const stats = { waits: 0, load: () => ({ running: 0, waiting: 0 }) };
  const turns = takingTurns(client, PGLITE_SESSION_SETTINGS, stats, clock.answered);
  const db = drizzlePglite({ client: turns, schema });
  const alone = (turns as unknown as Record<typeof ALONE, RunAlone>)[ALONE];
  return {
    db,
    kind: 'pglite',
    answeredWithin: clock.answeredWithin,
    load: () => {
      const { running, waiting } = stats.load();
      return { size: 1, inUse: running, waiting, waits: stats.waits };
    },
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
  const size = options.max ?? 10;
  const sql = postgres(url, { max: size, onnotice: () => {}, connection: SESSION_SETTINGS });
  const metered = meteredPool(sql, size);
  const db = drizzlePostgres({ client: metered.sql, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    load: metered.load,
    migrate: (folder = migrationsFolder) => migratePostgres(db as never, { migrationsFolder: folder }),
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * postgres.js keeps its pool's state to itself, so the statements and transactions drizzle starts
 * are counted on their way in and out: past `size` at once, the rest wait for a connection.
 * (A query runs a microtask after it is first awaited, so watching its end early changes nothing.)
 */
function meteredPool(sql: postgres.Sql, size: number): { sql: postgres.Sql; load: () => PoolLoad } {
  let busy = 0;
  let waits = 0;
  const start = () => {
    if (busy >= size) waits += 1;
    busy += 1;
  };
  const end = () => {
    busy -= 1;
  };
  const counted = new Proxy(sql, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'unsafe') {
        return (...args: Parameters<postgres.Sql['unsafe']>) => {
          const query = target.unsafe(...args);
          start();
          query.then(end, end);
          return query;
        };
      }
      if (property === 'begin') {
        return (...args: unknown[]) => {
          start();
          return (target.begin as (...a: unknown[]) => Promise<unknown>)(...args).finally(end);
        };
      }
      return value;
    },
  });
  const load = () => ({ size, inUse: Math.min(busy, size), waiting: Math.max(0, busy - size), waits });
  return { sql: counted, load };
}
