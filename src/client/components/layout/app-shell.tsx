import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import styles from './app-shell.module.css';

export interface AppShellProps {
  header: ReactNode;
  /** The bottom tab bar (rendered always; its own CSS hides it on wide screens outside the installed app). */
  tabBar: ReactNode;
  /** Installed app: the tab bar shows at every width, so the page keeps room for it. */
  standalone: boolean;
  /** Dialogs and sheets hosted by the shell. */
  overlays?: ReactNode;
  /** Above the footer's links: the feedback box (the root passes it in). */
  footerExtra?: ReactNode;
  children: ReactNode;
}

export const MAIN_ID = 'main';

/** The page frame: skip link, header, the main region, a short footer and the tab bar. */
export function AppShell({ header, tabBar, standalone, overlays, footerExtra, children }: AppShellProps) {
  return (
    <div className={[styles.shell, standalone ? styles.standalone : ''].filter(Boolean).join(' ')}>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        Перейти к содержимому
      </a>
      {header}
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        {footerExtra}
        <nav aria-label="Документы">
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/privacy">Политика обработки персональных данных</Link>
            </li>
            <li>
              <Link to="/rules/loyalty">Правила программы лояльности</Link>
            </li>
            <li>
              <Link to="/contacts">Контакты</Link>
            </li>
          </ul>
        </nav>
      </footer>
      {tabBar}
      {overlays}
    </div>
  );
}
