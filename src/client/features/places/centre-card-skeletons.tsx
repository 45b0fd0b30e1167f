import { SkeletonList } from '#client/components/ui/skeleton-list.tsx';
import styles from './places.module.css';

export interface CentreCardSkeletonsProps {
  /** What is loading, read by screen readers ('Загрузка контактов'). */
  label: string;
  rows: number;
}

/** Service centre cards still loading: CentreCard's three lines (name, address, phone) in its list and card layout. */
export function CentreCardSkeletons({ label, rows }: CentreCardSkeletonsProps) {
  return (
    <SkeletonList
      label={label}
      rows={rows}
      lines={['50%', '90%', '60%']}
      className={styles.list}
      itemClassName={styles.card}
    />
  );
}
