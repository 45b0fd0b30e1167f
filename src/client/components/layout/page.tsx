import { useEffect, type ReactNode } from 'react';
import styles from './page.module.css';

export const SITE_TITLE = 'Сервисный центр';

/** Sets the tab title to 'Title — Сервисный центр' while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} — ${SITE_TITLE}` : `${SITE_TITLE} — личный кабинет`;
  }, [title]);
}

export interface PageProps {
  title: string;
  /** Under the heading, e.g. a short explanation. */
  lead?: ReactNode;
  /** Right of the heading on wide screens (buttons). */
  actions?: ReactNode;
  children?: ReactNode;
  /** Narrow reading column for text pages and forms. */
  narrow?: boolean;
  /**
   * Beside the body from 1024 px, before it on narrower screens (a form's introduction): the page then
   * takes the whole width there, the body keeping the narrow column's.
   */
  aside?: ReactNode;
}

/** A page's heading block and body; sets the document title. */
export function Page({ title, lead, actions, children, narrow = false, aside }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={[styles.page, narrow ? styles.narrow : '', aside ? styles.hasAside : ''].filter(Boolean).join(' ')}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {lead && <div className={styles.lead}>{lead}</div>}
      {aside ? (
        <div className={styles.withAside}>
          <div className={styles.aside}>{aside}</div>
          <div className={styles.body}>{children}</div>
        </div>
      ) : (
        children
      )}
    </div>
  );
}

export interface PlaceholderScreenProps {
  title: string;
  text?: string;
}

/** A screen that a later issue builds: its title and a short honest note. */
export function PlaceholderScreen({ title, text = 'Раздел появится в ближайшем обновлении.' }: PlaceholderScreenProps) {
  return (
    <Page title={title}>
      <p className={styles.placeholder}>{text}</p>
    </Page>
  );
}
