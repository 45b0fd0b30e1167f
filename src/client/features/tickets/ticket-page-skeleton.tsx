import { Skeleton, SkeletonText } from '#client/components/ui/skeleton.tsx';
import styles from './ticket-page.module.css';

/** The ticket page's shape while the first copy loads: the same columns and blocks, so nothing jumps. */
export function TicketPageSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <output className="visually-hidden">Загрузка заявки…</output>
      <div className={styles.summaryColumn}>
        <div className={styles.skeletonSummary}>
          <Skeleton width="9rem" height="1.25rem" />
          <Skeleton width="8rem" height="1.75rem" shape="rect" />
          <Skeleton width="85%" height="2rem" />
          <Skeleton width="12rem" />
          <SkeletonText lines={2} />
          <Skeleton height="2.75rem" shape="rect" />
        </div>
      </div>
      <div className={styles.mainColumn}>
        <Skeleton width="14rem" height="1.5rem" />
        <Skeleton height="14rem" shape="rect" className={styles.skeletonCard} />
        <Skeleton height="14rem" shape="rect" className={styles.skeletonCard} />
      </div>
    </div>
  );
}
