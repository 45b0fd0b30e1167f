import { useCallback, useEffect, useRef, useState } from 'react';
import { asApiError, LOAD_FAILED_MESSAGE } from './http.ts';
import { useRemoteRequest } from './use-remote.ts';

/** One page of a keyset-paged list as the server gives it. */
export interface RemotePage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/** Loads the page after `cursor` (null: the first); `signal` is aborted once it is no longer wanted. */
export type PageLoad<Item> = (cursor: string | null, signal: AbortSignal) => Promise<RemotePage<Item>>;

export interface PagedRemote<Item> {
  /** The rows so far; null before the first page came (and after the account changed). */
  items: Item[] | null;
  nextCursor: string | null;
  /** The first page is loading. */
  loading: boolean;
  /** The first page failed (Russian). */
  failure: string | undefined;
  loadingMore: boolean;
  /** The next page failed (Russian); the rows so far stay. */
  moreFailure: string | undefined;
  /** Loads the first page again. */
  reload(): void;
  /** Loads the next page, unless one is loading or there is none. */
  loadMore(): void;
}

interface More {
  /** The first page's request (useRemoteRequest) this next page continues. */
  of: string | null;
  loading: boolean;
  failure?: string;
}

/**
 * A keyset-paged list a screen loads (notifications): the first page is a remote value (use-remote.ts:
 * key, reload, account change), the next ones are appended to it. A next page asked for the previous
 * first page (another key, a reload, another account, unmounted) is aborted and its answer dropped.
 */
export function usePagedRemote<Item>(loadPage: PageLoad<Item>, key: string | number = ''): PagedRemote<Item> {
  const first = useRemoteRequest((signal) => loadPage(null, signal), key);
  const [asked, setMore] = useState<More>({ of: null, loading: false });
  // What was asked after another first page (a key, a reload, an account ago) does not count.
  const more = asked.of === first.request ? asked : { loading: false, failure: undefined };
  const loadPageRef = useRef(loadPage);
  useEffect(() => {
    loadPageRef.current = loadPage;
  });
  const moreRequest = useRef<AbortController | null>(null);

  // A new first page: the next page asked for the old one is not wanted any more.
  useEffect(
    () => () => {
      moreRequest.current?.abort();
      moreRequest.current = null;
    },
    [first.request],
  );

  const { update, request } = first;
  const nextCursor = first.data?.nextCursor ?? null;
  const busy = first.loading || more.loading;
  const loadMore = useCallback(() => {
    if (nextCursor === null || busy || moreRequest.current) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    setMore({ of: request, loading: true });
    const done = (next: More) => {
      if (controller.signal.aborted) return;
      moreRequest.current = null;
      setMore(next);
    };
    loadPageRef.current(nextCursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        update((current) => current && { items: [...current.items, ...page.items], nextCursor: page.nextCursor });
        done({ of: request, loading: false });
      },
      (error: unknown) =>
        done({ of: request, loading: false, failure: asApiError(error, LOAD_FAILED_MESSAGE).message }),
    );
  }, [nextCursor, busy, update, request]);

  return {
    items: first.data?.items ?? null,
    nextCursor,
    loading: first.loading,
    failure: first.failure,
    loadingMore: more.loading,
    moreFailure: more.failure,
    reload: first.reload,
    loadMore,
  };
}
