import type { ReactNode } from 'react';
import { Icon } from '#client/components/ui/icon.tsx';
import styles from './statement-card.module.css';

export interface MoreToggleProps {
  open: boolean;
  onToggle: () => void;
  /** The id of the part it shows and hides. */
  controls: string;
  children: ReactNode;
}

/** 'Подробнее…': shows and hides the details below it; the chevron turns with it. */
export function MoreToggle({ open, onToggle, controls, children }: MoreToggleProps) {
  return (
    <button type="button" className={styles.more} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {children}
      <Icon name="chevron" size={18} className={open ? styles.chevronOpen : styles.chevron} />
    </button>
  );
}
