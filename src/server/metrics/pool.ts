import { Counter, Gauge } from 'prom-client';
import type { Database } from '#server/db/client.ts';
import { registry } from './registry.ts';

// The database connections of this process (summed over the workers: each has its own pool).

let database: Database | undefined;

/** The database whose pool is reported (the app's, set by createApp when metrics are on). */
export function watchPool(watched: Database): void {
  database = watched;
}

const loadOf = () => database?.load?.();

new Gauge({
  name: 'portal_db_pool_size',
  help: 'Connections the pool may open (the embedded database: 1).',
  registers: [registry],
  collect() {
    const load = loadOf();
    if (load) this.set(load.size);
  },
});

new Gauge({
  name: 'portal_db_pool_in_use',
  help: 'Statements or transactions holding a database connection now.',
  registers: [registry],
  collect() {
    const load = loadOf();
    if (load) this.set(load.inUse);
  },
});

new Gauge({
  name: 'portal_db_pool_waiting',
  help: 'Statements or transactions waiting for a database connection now.',
  registers: [registry],
  collect() {
    const load = loadOf();
    if (load) this.set(load.waiting);
  },
});

new Counter({
  name: 'portal_db_pool_waits_total',
  help: 'Statements or transactions that had to wait for a database connection.',
  registers: [registry],
  collect() {
    const load = loadOf();
    if (!load) return;
    this.reset();
    this.inc(load.waits);
  },
});
