import { describe, expect, it } from 'vitest';
import { createGate, GateFull } from './gate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createGate', () => {
  it('runs in order of arrival, at most `concurrency` at once, and refuses beyond the queue', async () => {
    const gate = createGate({ concurrency: 2, maxQueued: 1 });
    const blockers = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = blockers.map((blocker, i) => gate.run(async () => (started.push(i), blocker.promise)));
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFull);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });

    blockers[0]!.resolve();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    blockers[1]!.resolve();
    blockers[2]!.resolve();
    await Promise.all(runs);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const gate = createGate({ concurrency: 1, maxQueued: 0 });
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
