import type { ButtonHTMLAttributes } from 'react';
import styles from './close-button.module.css';

export type CloseButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>;

/** The round '×' button of dialogs and panels, named 'Закрыть' for screen readers. */
export function CloseButton({ className, ...rest }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label="Закрыть"
      {...rest}
      className={[styles.close, className ?? ''].filter(Boolean).join(' ')}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
