import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read by screen readers; pass null when the surrounding element already announces the loading. */
  label?: string | null;
  className?: string;
}

/** An indeterminate loading indicator. Prefer a Skeleton where the layout of the result is known. */
export function Spinner({ size = 'md', label = 'Загрузка…', className }: SpinnerProps) {
  const classes = [styles.spinner, styles[size], className].filter(Boolean).join(' ');
  if (label === null) return <span className={classes} aria-hidden="true" />;
  return (
    <output className={styles.wrapper}>
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </output>
  );
}
