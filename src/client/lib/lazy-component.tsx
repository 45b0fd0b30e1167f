import { Component, Fragment, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { RetryRow } from '#client/components/ui/retry-row.tsx';
import styles from './lazy-component.module.css';

// Parts that most visits never show (popups, panels, forms, the calendar) come in chunks of their
// own, so they stay out of the chunks every page loads. The service worker precaches every chunk;
// still, a chunk can fail (offline before the worker cached it, a deploy in between), and React.lazy
// remembers a failure for good: here a failed load is forgotten, so the next try loads again.

export interface LazyLoader<Props> {
  /** Fetches the chunk (once; again after a failure). */
  load(): Promise<ComponentType<Props>>;
  /**
   * What to render now: the component once its chunk is in (it renders without suspending), else a
   * lazy one that suspends until it is; a fresh lazy one after a failure.
   */
  current(): ComponentType<Props>;
  /** Whether the chunk is in. */
  loaded(): boolean;
}

export function lazyLoader<Props extends object>(importer: () => Promise<ComponentType<Props>>): LazyLoader<Props> {
  let pending: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const makeLazy = () => lazy(() => load().then((component) => ({ default: component })));
  let Lazy = makeLazy();
  function load(): Promise<ComponentType<Props>> {
    pending ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        Lazy = makeLazy();
        throw error;
      },
    );
    return pending;
  }
  return { load, current: () => loaded ?? Lazy, loaded: () => loaded !== undefined };
}

export interface RetryBoundaryProps {
  /** Whether the chunk is in: an error after that is the component's own, and goes on up. */
  loaded: () => boolean;
  /** What to show instead, with the retry. */
  failed: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Catches a chunk that failed to load and offers a retry, which remounts the part and loads again. */
export class RetryBoundary extends Component<RetryBoundaryProps, { error: unknown; attempt: number }> {
  override state: { error: unknown; attempt: number } = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render() {
    const { error, attempt } = this.state;
    if (error === null) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    if (this.props.loaded()) throw error;
    return this.props.failed(() => this.setState({ error: null, attempt: attempt + 1 }));
  }
}

/** The default failure: a short Russian message and a retry, in the part's place. */
export function ChunkFailure({
  retry,
  message = 'Не удалось загрузить. Проверьте подключение к интернету.',
}: {
  retry: () => void;
  message?: string;
}) {
  return <RetryRow failure={message} onRetry={retry} className={styles.failed} />;
}

/**
 * Renders the loader's current component. Picked once per mount: switching from the lazy one to the
 * loaded one later would remount it and drop its state (what was typed in a form).
 */
export function LazyMount<Props extends object>({ loader, props }: { loader: LazyLoader<Props>; props: Props }) {
  const [Current] = useState(() => loader.current());
  return <Current {...props} />;
}

export interface LazyComponentOptions {
  /** Shown while the chunk loads; nothing by default (a host renders the part only when it has something to show). */
  fallback?: ReactNode;
  /** Shown when the chunk failed; a message with a retry by default. */
  failed?: (retry: () => void) => ReactNode;
}

/** A component whose chunk is fetched the first time it renders; `preload()` fetches it ahead (on hover, on focus). */
export function lazyComponent<Props extends object>(
  importer: () => Promise<ComponentType<Props>>,
  { fallback = null, failed = (retry) => <ChunkFailure retry={retry} /> }: LazyComponentOptions = {},
): ComponentType<Props> & { preload(): Promise<unknown> } {
  const loader = lazyLoader(importer);
  function LazyComponent(props: Props) {
    return (
      <RetryBoundary loaded={loader.loaded} failed={failed}>
        <Suspense fallback={fallback}>
          <LazyMount loader={loader} props={props} />
        </Suspense>
      </RetryBoundary>
    );
  }
  return Object.assign(LazyComponent, { preload: () => loader.load().catch(() => undefined) });
}
