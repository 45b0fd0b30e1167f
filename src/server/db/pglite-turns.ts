import type { PGlite } from '@electric-sql/pglite';
import { createGate } from '#server/lib/gate.ts';
import { handlesOptions, preparedQuery } from './pglite-prepared.ts';

// ADR 0023: PGlite runs each statement synchronously in WASM on the main thread,
// and its mutex hands the connection to the next waiter in a microtask. Under load a whole queue
// of statements then runs inside one event-loop iteration, and libuv accepts only about one new
// connection per iteration: at 200 connections, clients that connected late waited up to 10 s for
// their first answer while the ones already in kept being served. Here every statement (or whole
// transaction) starts in a turn of its own, granted first come, first served from setImmediate,
// so the loop polls between any two turns: new connections and new requests get in at once.

/** What the metrics read of the turns (db/client.ts PoolLoad): filled in by takingTurns. */
export interface TurnStats {
  waits: number;
  load: () => { running: number; waiting: number };
}

/** First-come, first-served turns, each granted from a fresh macrotask, never two at once. */
export function turnTaker(stats?: TurnStats) {
  const gate = createGate({ concurrency: 1, handOver: setImmediate });
  if (stats) stats.load = gate.load;
  return <T>(work: () => Promise<T>): Promise<T> => {
    if (stats && gate.load().running > 0) stats.waits += 1;
    return gate.run(work);
  };
}

/**
 * The proxy's property under this key runs work on the raw PGlite in a turn of its own: nothing
 * else, not even a statement of another transaction, runs meanwhile (the backup's snapshot).
 */
export const ALONE = Symbol('alone');
export type RunAlone = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The same PGlite whose `query`, `exec` and `transaction` each wait for their turn. The statements
 * inside a transaction run on PGlite's transaction object, not through here, so a transaction is one
 * turn and never waits for itself. `query` runs over named statements parsed once (pglite-prepared.ts).
 * `settings` (SQL run once) takes the very first turn; should it fail, every call fails with it.
 * `onAnswer` hears of every turn that succeeded (the health check reads it: answeredWithin below).
 */
export function takingTurns(client: PGlite, settings?: string, stats?: TurnStats, onAnswer?: () => void): PGlite {
  const inTurn = turnTaker(stats);
  const settled = settings ? inTurn(() => client.exec(settings)) : Promise.resolve();
  // Its failure reaches every call below, not the process as an unhandled rejection.
  settled.catch(() => undefined);
  const afterSettings = <T>(work: () => Promise<T>) =>
    inTurn(async () => {
      await settled;
      const result = await work();
      onAnswer?.();
      return result;
    });
  const queued = new Set<PropertyKey>(['exec', 'transaction']);
  const prepared = preparedQuery(client);
  const query = (...args: Parameters<PGlite['query']>) =>
    afterSettings(() => (handlesOptions(args[2]) ? prepared(...args) : client.query(...args)));
  return new Proxy(client, {
    // Read and call on the PGlite itself: its methods use private fields, which a proxy lacks.
    get(target, property) {
      if (property === 'query') return query;
      if (property === ALONE) return afterSettings;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!queued.has(property)) return method.bind(target);
      return (...args: unknown[]) => afterSettings(async () => method.apply(target, args));
    },
  });
}

/**
 * Remembers when the database last answered, for the health check: under a burst its own `select 1`
 * would wait behind every queued turn (a 20 MB upload burst made /healthz take up to 0.9 s), and a
 * balancer that saw it slow would take a working process out. An answer in the last moments is the
 * same proof the `select 1` would give.
 */
export function answerClock(now: () => number = () => performance.now()) {
  let last = -Infinity;
  return {
    answered: () => {
      last = now();
    },
    answeredWithin: (ms: number) => now() - last <= ms,
  };
}
