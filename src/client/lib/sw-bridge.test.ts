import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportServerReached } from './connection.ts';
import { setCsrfToken } from './http.ts';
import { connectOutbox, onOutboxChange, pendingStatementIds, refreshOutbox, useOutbox } from './sw-bridge.ts';
import { outboxEntry } from './testing/outbox-entry.ts';
import { stubServiceWorker, type ServiceWorkerStub } from './testing/service-worker-stub.ts';

let worker: ServiceWorkerStub;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  useOutbox.setState({ entries: {} });
  worker = stubServiceWorker();
});
afterEach(() => worker.restore());

describe('the page → worker commands', () => {
  it('hands every new CSRF token to the worker', async () => {
    setCsrfToken('token-1');
    setCsrfToken('');
    await flush();
    expect(worker.posted).toEqual([{ type: 'csrf', token: 'token-1' }]);
  });

  it('asks for a drain on load, online (what waited for the network goes at once) and focus, and lists the entries', async () => {
    const disconnect = connectOutbox(window);
    await flush();
    expect(worker.posted).toEqual([{ type: 'drain' }, { type: 'list' }]);
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(worker.posted.slice(2)).toEqual([{ type: 'drain', online: true }, { type: 'drain' }]);
    disconnect();
  });

  it('asks for the drain of what waited for the network when a call reaches the server again, with no `online` (Lie-Fi)', async () => {
    const disconnect = connectOutbox(window);
    await flush();
    reportServerReached(false);
    reportServerReached(true);
    await flush();
    expect(worker.posted.slice(2)).toEqual([{ type: 'drain', online: true }]);
    disconnect();
  });

  it('reads the list through the MessageChannel port', async () => {
    const listed = refreshOutbox();
    await flush();
    expect(worker.posted).toEqual([{ type: 'list' }]);
    worker.ports[0]?.[0]?.postMessage({ type: 'outbox-list', entries: [outboxEntry()] });
    await listed;
    expect(Object.keys(useOutbox.getState().entries)).toEqual(['entry-1']);
  });
});

describe('the worker → page notices', () => {
  it('keeps entries by id, tells the listeners and forgets removed ones', async () => {
    const disconnect = connectOutbox(window);
    const listener = vi.fn();
    const stop = onOutboxChange(listener);
    worker.emit({ type: 'outbox', entry: outboxEntry() });
    worker.emit({
      type: 'outbox',
      entry: outboxEntry({ id: 'entry-2', ticketId: 56, statements: [{ id: 201, version: 1 }] }),
    });
    expect(pendingStatementIds(useOutbox.getState().entries, 55)).toEqual([101]);
    worker.emit({ type: 'outbox', entry: outboxEntry({ state: 'done' }) });
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'entry-1', state: 'done' }));
    expect(pendingStatementIds(useOutbox.getState().entries, 55)).toEqual([]);
    worker.emit({ type: 'outbox-removed', id: 'entry-2' });
    expect(Object.keys(useOutbox.getState().entries)).toEqual(['entry-1']);
    stop();
    disconnect();
  });
});
