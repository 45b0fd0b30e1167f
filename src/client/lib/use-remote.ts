import { useEffect, useRef, useState } from 'react';
import { asApiError, LOAD_FAILED_MESSAGE } from './http.ts';

export interface Remote<T> {
  /** The last answer (kept while the next one loads); null before the first. */
  data: T | null;
  /** Waiting for the answer to the current key or retry. */
  loading: boolean;
  /** Why the last load failed (Russian, ready to show). */
  failure: string | undefined;
  /** Loads again (Повторить, after a change). */
  reload(): void;
  /** Changes the shown data in place (a row removed at once, a page appended). */
  update(change: (data: T | null) => T | null): void;
}

/**
 * Data a page loads from the server: loaded again whenever `key` changes or `reload()` is called;
 * an answer that comes after the page moved on (another key, unmounted) is dropped.
 */
export function useRemote<T>(load: () => Promise<T>, key: string | number = ''): Remote<T> {
  const [attempt, setAttempt] = useState(0);
  const wanted = `${key}#${attempt}`;
  const [state, setState] = useState<{ data: T | null; failure: string | undefined; answered: string | null }>({
    data: null,
    failure: undefined,
    answered: null,
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (data) => live && setState({ data, failure: undefined, answered: wanted }),
      (error: unknown) =>
        live &&
        setState((current) => ({
          ...current,
          failure: asApiError(error, LOAD_FAILED_MESSAGE).message,
          answered: wanted,
        })),
    );
    return () => {
      live = false;
    };
  }, [wanted]);

  return {
    data: state.data,
    loading: state.answered !== wanted,
    failure: state.answered === wanted ? state.failure : undefined,
    reload: () => setAttempt((current) => current + 1),
    update: (change) => setState((current) => ({ ...current, data: change(current.data) })),
  };
}
