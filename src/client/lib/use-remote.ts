import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { accountChangeCount, onAccountChange } from './account-scoped.ts';
import { onReconnect } from './connection.ts';
import { asApiError, LOAD_FAILED_MESSAGE } from './http.ts';

// The one way a screen loads what it shows from the server (ADR 0029). What must survive a cold
// start offline (tickets, lists, addresses) is kept by a persisted store besides; everything else is
// a remote value here, or a paged list (use-paged-remote.ts) built on it.

/** Loads the value; `signal` is aborted once the answer is no longer wanted (see useRemote). */
export type RemoteLoad<T> = (signal: AbortSignal) => Promise<T>;

export interface Remote<T> {
  /** The last answer (kept while the next one loads); null before the first, and after the account changed. */
  data: T | null;
  /** Waiting for the answer to the current key or retry. */
  loading: boolean;
  /** Why the last load failed (Russian, ready to show); undefined while loading. */
  failure: string | undefined;
  /** The failure is the server's refusal, which asking again cannot change (ApiError's `final`): no 'Повторить'. */
  finalFailure: boolean;
  /** Loads again (Повторить, after a change). */
  reload(): void;
  /** Changes the shown data in place (a row removed at once, a page appended). */
  update(change: (data: T | null) => T | null): void;
}

/** A remote value and the request it currently answers (use-paged-remote.ts ties its pages to it). */
export interface RemoteWithRequest<T> extends Remote<T> {
  /** Names the current request: it changes with the key, a reload and the account; null when idle. */
  request: string | null;
}

interface Answer<T> {
  data: T | null;
  failure: string | undefined;
  final?: boolean;
  /** The request this answers. */
  answered: string | null;
  /** The account (its change count) `data` belongs to. */
  account: number;
}

const useAccountChanges = () => useSyncExternalStore(onAccountChange, accountChangeCount, accountChangeCount);

/**
 * Data a screen loads from the server: loaded again whenever `key` changes, `reload()` is called or
 * the account on this device changes (the previous account's answer is dropped at once). A request
 * no longer wanted (another key, a reload, unmounted) is aborted, and an answer that comes anyway is
 * dropped. `load` null: nothing is wanted (idle: no data, not loading).
 */
export function useRemote<T>(load: RemoteLoad<T> | null, key: string | number = ''): Remote<T> {
  return useRemoteRequest(load, key);
}

export function useRemoteRequest<T>(load: RemoteLoad<T> | null, key: string | number = ''): RemoteWithRequest<T> {
  const account = useAccountChanges();
  const [attempt, setAttempt] = useState(0);
  const request = load ? `${account}/${key}#${attempt}` : null;
  const [answer, setAnswer] = useState<Answer<T>>({ data: null, failure: undefined, answered: null, account });
  // The newest closure: `load` is a new function every render, `key` says when it really changes.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const run = loadRef.current;
    if (request === null || !run) return;
    const controller = new AbortController();
    const wanted = () => !controller.signal.aborted;
    run(controller.signal).then(
      (data) => {
        if (wanted()) setAnswer({ data, failure: undefined, answered: request, account });
      },
      (error: unknown) => {
        if (!wanted()) return;
        const { message, final } = asApiError(error, LOAD_FAILED_MESSAGE);
        setAnswer((current) => ({
          data: current.account === account ? current.data : null,
          failure: message,
          final,
          answered: request,
          account,
        }));
      },
    );
    return () => controller.abort();
  }, [request, account]);

  const reload = useCallback(() => setAttempt((current) => current + 1), []);
  const update = useCallback(
    (change: (data: T | null) => T | null) =>
      setAnswer((current) => ({
        ...current,
        account,
        data: change(current.account === account ? current.data : null),
      })),
    [account],
  );
  const answered = request !== null && answer.answered === request;
  const failed = answered && answer.failure !== undefined;
  // A load that failed comes again by itself once the server can be reached: its error clears
  // without a tap on 'Повторить'.
  useEffect(() => {
    if (!failed) return;
    return onReconnect(reload);
  }, [failed, reload]);
  return {
    data: request !== null && answer.account === account ? answer.data : null,
    loading: request !== null && !answered,
    failure: answered ? answer.failure : undefined,
    finalFailure: answered && !!answer.final,
    reload,
    update,
    request,
  };
}
