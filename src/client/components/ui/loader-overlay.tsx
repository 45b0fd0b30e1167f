import { Spinner } from './spinner.tsx';
import styles from './loader-overlay.module.css';

export interface LoaderOverlayProps {
  /** Shows the overlay; the content under it stays in place (no layout shift). */
  active: boolean;
  label?: string;
}

/**
 * Covers its nearest positioned parent with a translucent layer and a spinner, e.g. the ~1 s loader
 * when switching between the login, registration and reset forms (portal.md §4.2).
 */
export function LoaderOverlay({ active, label = 'Загрузка…' }: LoaderOverlayProps) {
  if (!active) return null;
  return (
    <div className={styles.overlay}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
