import { useCallback, useEffect, useState } from 'react';
import { asApiError, LOAD_FAILED_MESSAGE } from '#client/lib/http.ts';

export type LoadState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

/**
 * Loads what a popup shows (loyalty figures, the trade-in list or one instrument) when `load` is
 * given, and again on `reload()`; an answer that arrives after the popup moved on is dropped.
 */
export function useLoad<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]) {
  const [state, setState] = useState<LoadState<T>>(load ? { status: 'loading' } : { status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!load) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => {
        if (current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!current) return;
        setState({ status: 'error', message: asApiError(error, LOAD_FAILED_MESSAGE).message });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new closure every render; `deps` say when it really changes.
    // eslint-disable-next-line react/exhaustive-deps
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
