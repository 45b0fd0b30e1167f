import { useOnVisible } from '#client/lib/use-on-visible.ts';
import { Button } from './button.tsx';
import styles from './load-more.module.css';

export interface LoadMoreProps {
  /** There is a next page. */
  hasMore: boolean;
  loading: boolean;
  /** The last attempt failed: shown with a retry, and scrolling no longer retries by itself. */
  error: string | null;
  onLoadMore: () => void;
}

/**
 * The end of a paged list: a sentinel that loads the next page as it scrolls into view, and a
 * 'Показать ещё' button for keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMore({ hasMore, loading, error, onLoadMore }: LoadMoreProps) {
  const sentinel = useOnVisible<HTMLDivElement>(onLoadMore, { enabled: hasMore && !loading && !error });
  if (!hasMore) return null;
  return (
    <div className={styles.more}>
      <div ref={sentinel} className={styles.sentinel} data-testid="load-more-sentinel" />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button variant="secondary" loading={loading} onClick={onLoadMore}>
        {error ? 'Повторить' : 'Показать ещё'}
      </Button>
    </div>
  );
}
