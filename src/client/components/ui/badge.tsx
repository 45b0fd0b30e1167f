import styles from './badge.module.css';

export interface BadgeProps {
  count: number;
  /** Shown as `max+` above this. */
  max?: number;
  /** Screen-reader text after the number, e.g. 'неоплаченных счетов'. */
  label?: string;
  className?: string;
}

/** A count badge; renders nothing at 0 (or below), so the spec's "only when above 0" holds everywhere. */
export function Badge({ count, max = 99, label, className }: BadgeProps) {
  if (!Number.isFinite(count) || count <= 0) return null;
  const shown = count > max ? `${max}+` : String(count);
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')} data-testid="badge">
      <span aria-hidden={label ? 'true' : undefined}>{shown}</span>
      {label && <span className="visually-hidden">{`${count} ${label}`}</span>}
    </span>
  );
}
