import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgetAccountData } from './account-scoped.ts';
import { reportServerReached } from './connection.ts';
import { ApiError, LOAD_FAILED_MESSAGE } from './http.ts';
import { usePagedRemote, type RemotePage } from './use-paged-remote.ts';
import { useRemote } from './use-remote.ts';

/** A loader whose answers the test gives by hand, in any order; it records each call's key and signal. */
function handLoader<T>() {
  const calls: { key: string; signal: AbortSignal; resolve(value: T): void; reject(error: unknown): void }[] = [];
  const load = (key: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => calls.push({ key, signal, resolve, reject }));
  return { calls, load };
}

describe('useRemote', () => {
  it('loads, shows a failure in Russian, and loads again on reload (Повторить)', async () => {
    const { calls, load } = handLoader<string>();
    const { result } = renderHook(() => useRemote(load('a'), 'a'));
    expect(result.current).toMatchObject({ data: null, loading: true, failure: undefined });

    await act(async () => calls[0]!.reject(new ApiError('Нет связи с сервером.', 0)));
    expect(result.current).toMatchObject({ data: null, loading: false, failure: 'Нет связи с сервером.' });

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ loading: true, failure: undefined });
    await act(async () => calls[1]!.resolve('ответ'));
    expect(result.current).toMatchObject({ data: 'ответ', loading: false, failure: undefined });

    // Anything that is not an ApiError reads as the generic load failure, and the last data stays.
    act(() => result.current.reload());
    await act(async () => calls[2]!.reject(new Error('bug')));
    expect(result.current).toMatchObject({ data: 'ответ', failure: LOAD_FAILED_MESSAGE });
  });

  it('loads again by itself, once, when the server can be reached again after a failure; an answered load does not', async () => {
    const { calls, load } = handLoader<string>();
    const { result } = renderHook(() => useRemote(load('a'), 'a'));
    await act(async () => calls[0]!.reject(new ApiError('Нет связи с сервером.', 0)));
    act(() => reportServerReached(false));
    expect(result.current.failure).toBe('Нет связи с сервером.');

    act(() => reportServerReached(true));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve('ответ'));
    expect(result.current).toMatchObject({ data: 'ответ', failure: undefined });

    act(() => reportServerReached(false));
    act(() => reportServerReached(true));
    expect(calls).toHaveLength(2);
  });

  it('aborts the request of the previous key and drops its late answer', async () => {
    const { calls, load } = handLoader<string>();
    const { result, rerender } = renderHook(({ key }) => useRemote(load(key), key), { initialProps: { key: 'first' } });
    const first = calls[0]!;
    rerender({ key: 'second' });
    const second = calls.at(-1)!;
    expect(first.signal.aborted).toBe(true);
    expect(second).toMatchObject({ key: 'second', signal: { aborted: false } });

    await act(async () => second.resolve('второй'));
    await act(async () => first.resolve('первый'));
    expect(result.current).toMatchObject({ data: 'второй', loading: false });
  });

  it('aborts the request when the screen goes away', () => {
    const { calls, load } = handLoader<string>();
    const { unmount } = renderHook(() => useRemote(load('a'), 'a'));
    const live = calls.at(-1)!;
    expect(live.signal.aborted).toBe(false);
    unmount();
    expect(live.signal.aborted).toBe(true);
  });

  it("forgets the previous account's answer at once when the account changes, and loads again", async () => {
    const { calls, load } = handLoader<string>();
    const { result } = renderHook(() => useRemote(load('a'), 'a'));
    await act(async () => calls.at(-1)!.resolve('данные первого'));
    expect(result.current.data).toBe('данные первого');
    const before = calls.length;

    await act(() => forgetAccountData());
    expect(result.current).toMatchObject({ data: null, loading: true });
    expect(calls.length).toBe(before + 1);
    await act(async () => calls.at(-1)!.resolve('данные второго'));
    expect(result.current).toMatchObject({ data: 'данные второго', loading: false });
  });

  it('an account change while loading drops the answer asked for the previous account', async () => {
    const { calls, load } = handLoader<string>();
    const { result } = renderHook(() => useRemote(load('a'), 'a'));
    const asked = calls.at(-1)!;
    await act(() => forgetAccountData());
    expect(asked.signal.aborted).toBe(true);
    await act(async () => asked.resolve('чужие данные'));
    expect(result.current.data).toBeNull();
  });

  it('without a loader it is idle: no request, no data, not loading', () => {
    const { calls } = handLoader<string>();
    const { result } = renderHook(() => useRemote<string>(null));
    expect(result.current).toMatchObject({ data: null, loading: false, failure: undefined });
    expect(calls).toHaveLength(0);
  });
});

describe('usePagedRemote', () => {
  const page = (items: number[], nextCursor: string | null): RemotePage<number> => ({ items, nextCursor });

  function pagedLoader() {
    const calls: {
      key: string;
      cursor: string | null;
      signal: AbortSignal;
      resolve(value: RemotePage<number>): void;
      reject(error: unknown): void;
    }[] = [];
    const load = (key: string) => (cursor: string | null, signal: AbortSignal) =>
      new Promise<RemotePage<number>>((resolve, reject) => calls.push({ key, cursor, signal, resolve, reject }));
    return { calls, load };
  }

  it('appends the next pages, keeps the rows when one fails, and asks it again', async () => {
    const { calls, load } = pagedLoader();
    const { result } = renderHook(() => usePagedRemote(load('a'), 'a'));
    await act(async () => calls.at(-1)!.resolve(page([1, 2], 'c2')));
    expect(result.current).toMatchObject({ items: [1, 2], nextCursor: 'c2', loading: false });

    act(() => result.current.loadMore());
    expect(result.current.loadingMore).toBe(true);
    // A second ask while one is on its way sends nothing.
    act(() => result.current.loadMore());
    expect(calls.filter((call) => call.cursor === 'c2')).toHaveLength(1);
    await act(async () => calls.at(-1)!.reject(new ApiError('Нет связи с сервером.', 0)));
    expect(result.current).toMatchObject({ items: [1, 2], loadingMore: false, moreFailure: 'Нет связи с сервером.' });

    act(() => result.current.loadMore());
    await act(async () => calls.at(-1)!.resolve(page([3], null)));
    expect(result.current).toMatchObject({ items: [1, 2, 3], nextCursor: null, moreFailure: undefined });
  });

  it('a next page asked for the previous key is aborted and never appended to the new list', async () => {
    const { calls, load } = pagedLoader();
    const { result, rerender } = renderHook(({ key }) => usePagedRemote(load(key), key), {
      initialProps: { key: 'старый' },
    });
    await act(async () => calls.at(-1)!.resolve(page([1], 'c2')));
    act(() => result.current.loadMore());
    const more = calls.at(-1)!;

    rerender({ key: 'новый' });
    expect(more.signal.aborted).toBe(true);
    await act(async () => calls.at(-1)!.resolve(page([10], null)));
    await act(async () => more.resolve(page([2], null)));
    expect(result.current).toMatchObject({ items: [10], loadingMore: false });
  });

  it('forgets the rows when the account changes', async () => {
    const { calls, load } = pagedLoader();
    const { result } = renderHook(() => usePagedRemote(load('a'), 'a'));
    await act(async () => calls.at(-1)!.resolve(page([1], null)));
    await act(() => forgetAccountData());
    expect(result.current).toMatchObject({ items: null, loading: true });
    await act(async () => calls.at(-1)!.resolve(page([7], null)));
    await waitFor(() => expect(result.current.items).toEqual([7]));
  });
});
