import type { Logger } from '#server/context.ts';

// Work a request starts but its answer must not wait for (or betray by its duration): the reset
// link's token and mail, which only an address with an account gets. It begins on the next turn of
// the event loop, once the handler has answered; a failure is logged, never thrown at anybody. The
// process waits for it on a graceful stop (index.ts), so a stop between answer and mail loses nothing.

const running = new Set<Promise<void>>();

export function afterAnswer(log: Logger, what: string, work: () => Promise<void>): void {
  const done = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log.error(`${what} failed`, { error }))
    .finally(() => running.delete(done));
  running.add(done);
}

/** Resolves once every piece of work started so far (and any it started) has finished. */
export async function workAfterAnswers(): Promise<void> {
  while (running.size > 0) await Promise.allSettled(running);
}
