import type { ReactNode } from 'react';
import styles from './form-message.module.css';

export interface FormMessageProps {
  tone?: 'error' | 'success' | 'info';
  /** Nothing to say: the live region stays in the page (so the next message is announced) but takes no room. */
  children?: ReactNode;
  className?: string;
  id?: string;
}

/** A message about the whole form (a server refusal, a success), announced to screen readers. */
export function FormMessage({ tone = 'info', children, className, id }: FormMessageProps) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      className={[styles.message, empty ? styles.empty : styles[tone], className ?? ''].filter(Boolean).join(' ')}
    >
      {empty ? null : children}
    </div>
  );
}
