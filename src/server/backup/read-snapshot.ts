import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { dumpRows, type DumpedRows } from './dump.ts';
import { withSnapshot, type Source } from './sql-runner.ts';

// A PGlite backup reads a copy of the data directory with a PGlite of its own. Opening that copy
// (starting a Postgres in WASM on it) and reading it are synchronous work: 0.6 s at a stretch for
// the demo data, on the thread that answers requests. So the built server reads the
// copy in a worker thread; from the TypeScript sources (tests, the command line on a stopped
// portal) it is read here, as no request waits there.

const WORKER_FILE = import.meta.url.endsWith('.js')
  ? fileURLToPath(new URL('./snapshot-worker.js', import.meta.url))
  : undefined;

export async function readSnapshot(source: Source, staging: string): Promise<DumpedRows> {
  if (WORKER_FILE && 'database' in source && source.database.snapshot) {
    const into = path.join(staging, 'pg-copy');
    try {
      const copy = await source.database.snapshot(into);
      return await inWorker(WORKER_FILE, typeof copy === 'string' ? copy : await copy.arrayBuffer(), staging);
    } finally {
      await rm(into, { recursive: true, force: true });
    }
  }
  return withSnapshot(source, (sql) => dumpRows(sql, staging));
}

export interface SnapshotJob {
  /** The copy: a data directory, or a tar of one. */
  from: string | ArrayBuffer;
  staging: string;
}

export type SnapshotAnswer = { ok: true; rows: DumpedRows } | { ok: false; error: string };

function inWorker(file: string, from: string | ArrayBuffer, staging: string): Promise<DumpedRows> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, {
      workerData: { from, staging } satisfies SnapshotJob,
      transferList: typeof from === 'string' ? [] : [from],
    });
    worker.once('message', (answer: SnapshotAnswer) =>
      answer.ok ? resolve(answer.rows) : reject(new Error(answer.error)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the snapshot reader stopped (exit ${code})`)));
  });
}
