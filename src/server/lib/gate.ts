// A concurrency gate for work that is heavy in CPU or memory (password hashing, PDF rendering): at
// most `concurrency` run at once, the next ones wait in order, and beyond `maxQueued` waiting a call
// is refused at once instead of piling up memory and latency for everyone.

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

export function createGate({ concurrency, maxQueued }: { concurrency: number; maxQueued: number }): Gate {
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
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
