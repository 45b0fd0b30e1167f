import type { ReactNode } from 'react';
import styles from './notice-card.module.css';

export interface NoticeCardProps {
  title: string;
  /** A line under the title. */
  children?: ReactNode;
  /** The buttons, in reading order (the main action first). */
  actions: ReactNode;
  /** Names the card for screen readers (e.g. the title's id is set from it). */
  id: string;
}

/** A small floating card with a message and its buttons: the install invitation, the update notice. */
export function NoticeCard({ title, children, actions, id }: NoticeCardProps) {
  return (
    <fieldset className={styles.card} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.title}>
        {title}
      </p>
      {children && <p className={styles.text}>{children}</p>}
      <div className={styles.actions}>{actions}</div>
    </fieldset>
  );
}
