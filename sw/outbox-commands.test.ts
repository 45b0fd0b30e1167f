import { describe, expect, it } from 'vitest';
import type { OutboxNotice } from '#shared/screens/outbox.ts';
import {
  discardEntry,
  enqueue,
  hasUnsettledFor,
  networkWaitsDue,
  pruneDone,
  releaseAuth,
  retryEntry,
  type CommandDeps,
} from './outbox-commands.ts';
import { decision, freshStore } from './testing/outbox-fixtures.ts';

const NOW = Date.parse('2025-03-01T10:00:00Z');

function setup() {
  const { store } = freshStore();
  const notices: OutboxNotice[] = [];
  const deps: CommandDeps = { store, notify: (notice) => void notices.push(notice), now: () => NOW };
  return { store, deps, notices };
}

describe('outbox commands', () => {
  it('retry starts the back-off over; settled and in-flight entries stay', async () => {
    const t = setup();
    const failed = await enqueue(t.deps, decision('key-failed-1', 1));
    const done = await enqueue(t.deps, decision('key-done-2', 2));
    const sending = await enqueue(t.deps, decision('key-sending-3', 3));
    await t.store.change(failed.id, (entry) => ({
      ...entry,
      state: 'failed',
      attempts: 6,
      nextAttemptAt: NOW + 60_000,
    }));
    await t.store.change(done.id, (entry) => ({ ...entry, state: 'done' }));
    await t.store.change(sending.id, (entry) => ({ ...entry, state: 'sending' }));

    expect(await retryEntry(t.deps, failed.id)).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: 0 });
    expect((await retryEntry(t.deps, done.id))?.state).toBe('done');
    expect((await retryEntry(t.deps, sending.id))?.state).toBe('sending');
    expect(await retryEntry(t.deps, 'no-such-id')).toBeUndefined();
  });

  it("back online, what waited only for the network is due at once; a server's trouble keeps its wait", async () => {
    const t = setup();
    const offline = await enqueue(t.deps, decision('key-offline-1', 1));
    const busy = await enqueue(t.deps, decision('key-busy-2', 2));
    await t.store.change(offline.id, (entry) => ({
      ...entry,
      attempts: 3,
      lastStatus: 0,
      lastError: 'Нет связи с сервером',
      nextAttemptAt: NOW + 30_000,
    }));
    await t.store.change(busy.id, (entry) => ({ ...entry, attempts: 3, lastStatus: 503, nextAttemptAt: NOW + 30_000 }));
    expect(await networkWaitsDue(t.deps)).toBe(1);
    expect(await t.store.get(offline.id)).toMatchObject({ state: 'queued', attempts: 3, nextAttemptAt: 0 });
    expect((await t.store.get(busy.id))?.nextAttemptAt).toBe(NOW + 30_000);
  });

  it('discard removes an entry, but not one being sent', async () => {
    const t = setup();
    const queued = await enqueue(t.deps, decision('key-queued-1', 1));
    const sending = await enqueue(t.deps, decision('key-sending-2', 2));
    await t.store.change(sending.id, (entry) => ({ ...entry, state: 'sending' }));

    expect(await discardEntry(t.deps, queued.id)).toBe(true);
    expect(await discardEntry(t.deps, sending.id)).toBe(false);
    expect((await t.store.list()).map((entry) => entry.id)).toEqual([sending.id]);
    expect(t.notices.at(-1)).toEqual({ type: 'outbox-removed', id: queued.id });
  });

  it('a new login releases the entries that waited for it', async () => {
    const t = setup();
    const waiting = await enqueue(t.deps, decision('key-auth-1', 1));
    await enqueue(t.deps, decision('key-queued-2', 2));
    await t.store.change(waiting.id, (entry) => ({ ...entry, state: 'auth' }));
    expect(await releaseAuth(t.deps)).toBe(1);
    expect((await t.store.get(waiting.id))?.state).toBe('queued');
  });

  it('knows which statements have an unsettled decision', async () => {
    const t = setup();
    const entry = await enqueue(t.deps, decision('key-one-1', 1));
    expect(await hasUnsettledFor(t.store, [1, 9])).toBe(true);
    expect(await hasUnsettledFor(t.store, [2])).toBe(false);
    await t.store.change(entry.id, (current) => ({ ...current, state: 'conflict' }));
    expect(await hasUnsettledFor(t.store, [1])).toBe(false);
  });

  it('drops applied decisions after a while, never waiting ones', async () => {
    const t = setup();
    const done = await enqueue(t.deps, decision('key-done-1', 1));
    await enqueue(t.deps, decision('key-queued-2', 2));
    await t.store.change(done.id, (entry) => ({ ...entry, state: 'done' }));
    await pruneDone({ ...t.deps, now: () => NOW + 1_000 }, 10_000);
    expect(await t.store.list()).toHaveLength(2);
    await pruneDone({ ...t.deps, now: () => NOW + 20_000 }, 10_000);
    expect((await t.store.list()).map((entry) => entry.idempotencyKey)).toEqual(['key-queued-2']);
  });
});

describe('enqueue', () => {
  it('keeps the order of the taps even when the clock stands still or goes back', async () => {
    const { store } = freshStore();
    let clock = NOW;
    const deps: CommandDeps = { store, notify: () => {}, now: () => clock };
    const first = await enqueue(deps, decision('key-first-1', 1));
    const second = await enqueue(deps, decision('key-second-2', 1));
    clock -= 60_000;
    const third = await enqueue(deps, decision('key-third-3', 1));
    expect([first.createdAt, second.createdAt, third.createdAt]).toEqual([NOW, NOW + 1, NOW + 2]);
    expect((await store.list()).map((entry) => entry.idempotencyKey)).toEqual([
      'key-first-1',
      'key-second-2',
      'key-third-3',
    ]);
  });

  it('one key, one entry, even when kept twice at once', async () => {
    const t = setup();
    const [a, b] = await Promise.all([
      enqueue(t.deps, decision('key-same-1', 1)),
      enqueue(t.deps, decision('key-same-1', 1)),
    ]);
    expect(a.id).toBe(b.id);
    expect(await t.store.list()).toHaveLength(1);
    expect(t.notices).toHaveLength(1);
  });
});
