import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import type { Logger } from '#server/context.ts';
import type { FileStore } from './file-store.ts';
import { HOUR_MS } from '#shared/durations.ts';

// Bytes are stored before their row is committed (services/files/files.ts), so bytes without a row are
// either on their way (a request in progress, seconds) or orphans of a failed request or a crash.
// An hour tells them apart. Every process sweeps at start and then every hour; deleting twice is
// harmless.

export const ORPHAN_AGE_MS = HOUR_MS;
const SWEEP_EVERY_MS = HOUR_MS;
const BATCH = 500;

/** Deletes the stored keys older than an hour that no row names; returns how many. */
export async function sweepOrphans(store: FileStore, db: Db, now: Date): Promise<number> {
  let swept = 0;
  let batch: string[] = [];
  const settle = async () => {
    const known = await db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, batch));
    const named = new Set(known.map((row) => row.key));
    for (const key of batch) {
      if (named.has(key)) continue;
      await store.delete(key);
      swept += 1;
    }
    batch = [];
  };
  for await (const object of store.listForSweep(new Date(now.getTime() - ORPHAN_AGE_MS))) {
    if (object.modifiedAt.getTime() > now.getTime() - ORPHAN_AGE_MS) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  return swept;
}

export interface Sweeper {
  start(): void;
  stop(): Promise<void>;
}

/** The periodic sweep of a running server; a failed round is logged and tried again next time. */
export function createSweeper(deps: { files: FileStore; database: { db: Db }; log: Logger; now(): Date }): Sweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = sweepOrphans(deps.files, deps.database.db, deps.now())
      .then((swept) => {
        if (swept > 0) deps.log.info('orphan files swept', { swept });
      })
      .catch((error: unknown) => deps.log.error('orphan file sweep failed', { error }));
  };
  return {
    start() {
      round();
      timer = setInterval(round, SWEEP_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
