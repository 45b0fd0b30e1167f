import { useEffect, useState } from 'react';

/** Runs `callback` once the page has loaded (its load event), at once if it already has. Answers the cancel. */
export function afterLoad(callback: () => void): () => void {
  if (document.readyState === 'complete') {
    callback();
    return () => {};
  }
  window.addEventListener('load', callback, { once: true });
  return () => window.removeEventListener('load', callback);
}

/**
 * Runs `callback` at the first idle moment after the page's load event (at the latest `timeoutMs`
 * after it), so it never competes with what the first screen needs. Answers the cancel.
 */
export function whenLoadedAndIdle(callback: () => void, timeoutMs: number): () => void {
  let cancelIdle = () => {};
  const cancelLoad = afterLoad(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback, timeoutMs);
      cancelIdle = () => clearTimeout(id);
    }
  });
  return () => {
    cancelLoad();
    cancelIdle();
  };
}

/** Whether the page has loaded and had an idle moment since (see whenLoadedAndIdle); stays true. */
export function useLoadedAndIdle(timeoutMs: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setDone(true), timeoutMs), [timeoutMs]);
  return done;
}
