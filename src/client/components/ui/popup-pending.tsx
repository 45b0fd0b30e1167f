import { Spinner } from './spinner.tsx';
import styles from './popup-pending.module.css';

/** What a panel or popup shows over the page while its chunk is on its way (a tap on a slow network). */
export function PopupPending() {
  return (
    <div className={styles.pending}>
      <Spinner size="lg" label="Загрузка…" />
    </div>
  );
}
