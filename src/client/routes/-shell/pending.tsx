import { Spinner } from '#client/components/ui/spinner.tsx';
import styles from './pending.module.css';

/** What a shell panel or popup shows while its chunk is on its way (a tap on a slow network). */
export function ShellPending() {
  return (
    <div className={styles.pending}>
      <Spinner size="lg" label="Загрузка…" />
    </div>
  );
}
