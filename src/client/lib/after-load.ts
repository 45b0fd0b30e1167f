import { useEffect, useState } from 'react';

/**
 * Runs `callback` at the first idle moment after the page's load event (at the latest `timeoutMs`
 * after it), so it never competes with what the first screen needs. Answers the cancel.
 */
export function whenLoadedAndIdle(callback: () => void, timeoutMs: number): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback, timeoutMs);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else {
    window.addEventListener('load', whenIdle, { once: true });
    cancel = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancel();
}

/** Whether the page has loaded and had an idle moment since (see whenLoadedAndIdle); stays true. */
export function useLoadedAndIdle(timeoutMs: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setDone(true), timeoutMs), [timeoutMs]);
  return done;
}
