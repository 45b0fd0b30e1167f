import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_CACHE_FRESH_MESSAGE } from '#shared/api/ticket-cache.ts';
import {
  onWorkerMessage,
  reportServerReached,
  selectWorkingOffline,
  useConnection,
  useOnReconnect,
} from './connection.ts';

afterEach(() => {
  useConnection.setState({ online: true, serverUnreachable: false });
});

describe('connection', () => {
  it('works offline while a call did not reach the server, and not after one did', () => {
    reportServerReached(false);
    expect(selectWorkingOffline(useConnection.getState())).toBe(true);
    reportServerReached(true);
    expect(selectWorkingOffline(useConnection.getState())).toBe(false);
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
});
