import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code is fetched the first time it renders, showing nothing meanwhile: for parts
 * that most visits never show (popups, panels), so they stay out of the chunks every page loads. A
 * host renders it only when it has something to show. The service worker precaches every chunk, so
 * this works offline; a chunk lost to a deploy goes to the error boundary (lib/chunk-reload.ts).
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function LazyComponent(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
