// A concurrency gate for work that is heavy in CPU or memory (password hashing, PDF rendering): at
// most `concurrency` run at once, the next ones wait in order, and beyond `maxQueued` waiting a call
// is refused at once instead of piling up memory and latency for everyone. The PGlite connection
// takes its turns through the same gate (db/pglite-turns.ts), one at a time and each from a fresh
// macrotask.

export class GateFull extends Error {
  constructor() {
    super('gate full');
    this.name = 'GateFull';
  }
}

export interface Gate {
  /** Runs `work` when a slot is free; rejects with GateFull when too many already wait. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Running and waiting calls, for logs and tests. */
  load(): { running: number; waiting: number };
}

export interface GateOptions {
  concurrency: number;
  /** How many may wait; unbounded when not given. */
  maxQueued?: number;
  /**
   * How a slot is handed to its holder and handed back: at once when not given; `setImmediate`
   * makes every grant and every release a macrotask of its own, so the event loop polls between them.
   */
  handOver?: (next: () => void) => void;
}

export function createGate({ concurrency, maxQueued = Infinity, handOver }: GateOptions): Gate {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) throw new GateFull();
        // The slot is handed over by release() without being freed, so nobody can overtake.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
        if (handOver) await new Promise<void>((resolve) => handOver(resolve));
      }
      try {
        return await work();
      } finally {
        if (handOver) handOver(release);
        else release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
