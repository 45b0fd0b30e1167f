import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onVisible` whenever the element scrolls to within `rootMargin` of the viewport (infinite
 * lists: the sentinel after the last row). Does nothing where IntersectionObserver is missing; the
 * caller keeps a button as the fallback.
 */
export function useOnVisible<T extends Element>(
  onVisible: () => void,
  { enabled = true, rootMargin = '600px 0px' }: { enabled?: boolean; rootMargin?: string } = {},
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);

  return ref;
}
