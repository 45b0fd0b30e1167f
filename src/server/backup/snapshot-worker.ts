// The worker thread of read-snapshot.ts: opens the PGlite copy of the data directory and writes its
// rows into the staging folder, off the thread that answers requests.
import { parentPort, workerData } from 'node:worker_threads';
import { dumpRows } from './dump.ts';
import type { SnapshotAnswer, SnapshotJob } from './read-snapshot.ts';
import { openPgliteRunner } from './sql-runner.ts';

const job = workerData as SnapshotJob;
const opened = await openPgliteRunner(typeof job.from === 'string' ? job.from : new Blob([job.from]));
let answer: SnapshotAnswer;
try {
  answer = { ok: true, rows: await dumpRows(opened.sql, job.staging) };
} catch (error) {
  answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
} finally {
  await opened.close();
}
parentPort!.postMessage(answer);
