import { useEffect } from 'react';
import styles from './decisions.module.css';

/** How long the success note stays: long enough to read two lines, short enough not to cover the bar. */
export const TOAST_MS = 5000;

/**
 * The short note after a decision ('Ремонт согласован'). The live region stays mounted, so screen
 * readers announce each new message; the note never takes focus from the page.
 */
export function DecisionToast({
  message,
  onDismiss,
}: {
  message: { text: string; id: number } | null;
  onDismiss: () => void;
}) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, TOAST_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);

  return (
    <output className={styles.toastRegion}>
      {message ? (
        <span className={styles.toast} key={message.id}>
          <span>{message.text}</span>
          <button type="button" className={styles.toastClose} onClick={onDismiss} aria-label="Скрыть сообщение">
            ×
          </button>
        </span>
      ) : null}
    </output>
  );
}
