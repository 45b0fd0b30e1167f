import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TICKET_CACHE_FRESH_MESSAGE } from '#shared/api/ticket-cache.ts';
import { stubFetch } from './testing/fetch-stub.ts';
import { goOffline } from './testing/connection.ts';
import {
  hasNoConnection,
  onWorkerMessage,
  reportServerReached,
  selectNoConnection,
  useConnection,
  useOnReconnect,
} from './connection.ts';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  // As an answer would: also ends a probe still waiting.
  reportServerReached(true);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connection', () => {
  it('has no connection while a call did not reach the server, though the browser says it is online', () => {
    expect(navigator.onLine).toBe(true);
    reportServerReached(false);
    expect(selectNoConnection(useConnection.getState())).toBe(true);
    reportServerReached(true);
    expect(selectNoConnection(useConnection.getState())).toBe(false);
  });

  it('believes the browser saying it is offline, until the server answers a call', () => {
    goOffline();
    expect(hasNoConnection()).toBe(true);
    reportServerReached(true);
    expect(hasNoConnection()).toBe(false);
  });

  it('calls the reconnect callbacks when a call reaches the server again, and only then', () => {
    const callback = vi.fn();
    renderHook(() => useOnReconnect(callback));
    reportServerReached(true);
    expect(callback).not.toHaveBeenCalled();
    reportServerReached(false);
    reportServerReached(true);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('calls the reconnect callbacks on `online`, and clears the unreachable mark', () => {
    const callback = vi.fn();
    const { unmount } = renderHook(() => useOnReconnect(callback));
    reportServerReached(false);
    window.dispatchEvent(new Event('online'));
    expect(callback).toHaveBeenCalledOnce();
    expect(useConnection.getState().serverUnreachable).toBe(false);
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(callback).toHaveBeenCalledOnce();
  });

  it('treats the worker saying a slow server has answered like a reconnect; other messages do nothing', () => {
    const callback = vi.fn();
    renderHook(() => useOnReconnect(callback));
    reportServerReached(false);
    onWorkerMessage({ type: 'outbox-list', entries: [] });
    onWorkerMessage(null);
    expect(callback).not.toHaveBeenCalled();
    onWorkerMessage({ type: TICKET_CACHE_FRESH_MESSAGE });
    expect(callback).toHaveBeenCalledOnce();
    expect(useConnection.getState().serverUnreachable).toBe(false);
  });

  it('asks the server by itself whether it is back (no `online` ever comes on Lie-Fi), and reconnects when it answers', async () => {
    let serverUp = false;
    const { calls } = stubFetch({
      'GET /healthz': () => {
        if (!serverUp) throw new TypeError('Failed to fetch');
        return { body: { ok: true, db: 'pglite' } };
      },
    });
    const callback = vi.fn();
    renderHook(() => useOnReconnect(callback));
    reportServerReached(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.filter((call) => call.path === '/healthz')).toHaveLength(1);
    expect(hasNoConnection()).toBe(true);

    serverUp = true;
    // The next try comes later (doubling), not at once.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(hasNoConnection()).toBe(false);
    expect(callback).toHaveBeenCalledOnce();
  });

  it("does not take a captive portal's page for the server", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('<html>Войдите в сеть Wi-Fi</html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    reportServerReached(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(vi.mocked(fetch)).toHaveBeenCalled();
    expect(hasNoConnection()).toBe(true);
  });
});
