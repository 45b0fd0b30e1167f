import type { ReactNode } from 'react';
import styles from './notice-stack.module.css';

export interface NoticeStackProps {
  /** Installed app: the tab bar shows at every width, so the notices keep above it. */
  standalone: boolean;
  children: ReactNode;
}

/**
 * The corner where floating notices (install invitation, new version) sit: fixed above the tab bar,
 * over the page rather than in its flow, so nothing on the page moves when one appears.
 */
export function NoticeStack({ standalone, children }: NoticeStackProps) {
  return (
    <div className={[styles.stack, standalone ? styles.standalone : ''].filter(Boolean).join(' ')}>{children}</div>
  );
}
