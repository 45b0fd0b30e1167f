import { useRef } from 'react';

/**
 * For answers that come back out of order (a check, a suggestion list): only the newest call's answer
 * may still land. `begin()` starts a call and returns its `isLatest()`; `drop()` voids every answer on
 * its way (the field changed, the list closed).
 */
export function useLatestOnly() {
  const newest = useRef(0);
  return {
    begin: () => {
      const mine = ++newest.current;
      return () => mine === newest.current;
    },
    drop: () => {
      newest.current += 1;
    },
  };
}
