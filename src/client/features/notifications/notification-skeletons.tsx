import { SkeletonList } from '#client/components/ui/skeleton-list.tsx';
import styles from './notifications.module.css';

export interface NotificationSkeletonsProps {
  /** What is loading, read by screen readers ('Загрузка уведомлений'). */
  label: string;
  /** The row's text and date lines, by width: a date alone is narrower than a date and time. */
  lines: readonly string[];
}

/** A page of notification rows still loading, in the loaded list's and rows' layout. */
export function NotificationSkeletons({ label, lines }: NotificationSkeletonsProps) {
  return <SkeletonList label={label} rows={3} lines={lines} className={styles.list} itemClassName={styles.item} />;
}
