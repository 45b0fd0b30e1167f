// WORKERS > 1 (ADR 0032): this process becomes node:cluster's primary. It serves nothing itself; it
// starts the server processes, shares the port among them, brings back one that dies, and on
// SIGTERM or SIGINT passes SIGTERM to each and exits once every one has drained its requests.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './context.ts';

/** After a stop signal, how long the workers get to drain before they are killed. */
const DRAIN_MS = 15_000;
/** A worker that dies while serving is replaced after this pause (never in a tight loop). */
const RESTART_DELAY_MS = 1_000;

export function runPrimary(count: number, log: Logger): void {
  const started = new Set<number>();
  let stopping = false;
  let exitCode = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => started.add(worker.id));
    return worker;
  };
  const living = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);

  const stop = (code: number) => {
    if (stopping) {
      // A second signal means "now": no more waiting.
      for (const worker of living()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    exitCode = code;
    for (const worker of living()) worker.process.kill('SIGTERM');
    if (living().length === 0) process.exit(exitCode);
    setTimeout(() => {
      log.error('workers did not stop in time, killing them');
      for (const worker of living()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_MS).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (living().length === 0) {
        log.info('stopped', { workers: count });
        process.exit(exitCode);
      }
      return;
    }
    if (!started.has(worker.id)) {
      // It never listened: a bad setting, the port taken, the database unreachable. Another would fail alike.
      log.error('a worker failed to start; stopping', { exit_code: code, signal });
      stop(code || 1);
      return;
    }
    log.error('a worker died; starting another', { exit_code: code, signal });
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  // The first worker runs the migrations and the demo seed alone; the others start once it listens.
  fork().once('listening', () => {
    for (let i = 1; i < count; i += 1) fork();
    log.info('workers started', { workers: count });
  });

  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
}

/** In a worker: the primary decides when to stop (a terminal's Ctrl+C reaches every process of the group). */
export const isClusterWorker = (): boolean => cluster.isWorker;

/** In a worker: `onOrphaned` runs when the primary is gone (killed with -9), so no worker serves on unsupervised. */
export function onPrimaryGone(onOrphaned: () => void): void {
  cluster.worker?.on('disconnect', onOrphaned);
}
