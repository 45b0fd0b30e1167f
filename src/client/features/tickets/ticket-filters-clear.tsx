import styles from './ticket-filters.module.css';

export interface ClearButtonProps {
  /** What it clears, for screen readers: 'Сбросить статус'. */
  label: string;
  onClick: () => void;
  /** Beside a select: leaves room for its arrow. */
  withSelect?: boolean;
}

/** The '×' inside a filter control that clears it (44 px target). */
export function ClearButton({ label, onClick, withSelect = false }: ClearButtonProps) {
  return (
    <button
      type="button"
      className={[styles.clear, withSelect ? styles.clearBesideArrow : ''].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
