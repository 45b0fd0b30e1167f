import { useEffect, useRef, useState } from 'react';
import { NOTIFICATIONS_MESSAGES } from '#shared/screens/notifications.ts';
import { formatDateTime } from '#shared/format/date.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { fetchHistoryPage } from './api.ts';
import { NotificationSkeletons } from './notification-skeletons.tsx';
import styles from './notifications.module.css';
import { TicketLinkedText } from './ticket-linked-text.tsx';

export interface HistoryPageProps {
  /** After a page came: the unread count is fetched again (cabinet.md §7). */
  onLoaded: () => void;
}

/** История (cabinet.md §2 History): the account's history a page at a time; page links only when there is more than one page. */
export function HistoryPage({ onLoaded }: HistoryPageProps) {
  const [page, setPage] = useState(1);
  const history = useRemote((signal) => fetchHistoryPage(page, signal), page);
  const shown = history.data;
  const { loading } = history;
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  });
  // Each page that comes is the moment to fetch the unread count again.
  useEffect(() => {
    if (shown) onLoadedRef.current();
  }, [shown]);
  const top = useRef<HTMLDivElement>(null);

  const go = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ block: 'start' });
  };
  const pages = shown && shown.lastPage > 1 ? Array.from({ length: shown.lastPage }, (_, index) => index + 1) : [];

  return (
    <Page title="История">
      <div ref={top} className={styles.historyTop} />
      <RemoteView
        remote={history}
        retryClassName={styles.failure}
        skeleton={<NotificationSkeletons label="Загрузка истории" lines={['70%', '8rem']} />}
        isEmpty={(page) => page.items.length === 0}
        empty={<p className={styles.empty}>{NOTIFICATIONS_MESSAGES.emptyHistory}</p>}
      >
        {({ items }) => (
          <ul className={styles.list} aria-label="История" aria-busy={loading || undefined}>
            {items.map((item, index) => (
              <li key={`${item.created_at}-${index}`} className={styles.item}>
                <p className={styles.text}>
                  <TicketLinkedText text={item.description} ticketId={item.ticket_id} />
                </p>
                <time className={styles.date} dateTime={item.created_at.replace(' ', 'T')}>
                  {formatDateTime(item.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </RemoteView>
      {pages.length > 0 && shown ? (
        <nav aria-label="Страницы истории">
          <ul className={styles.pages}>
            <li>
              <Button
                variant="secondary"
                disabled={shown.currentPage <= 1 || loading}
                onClick={() => go(shown.currentPage - 1)}
              >
                Назад
              </Button>
            </li>
            {pages.map((number) => (
              <li key={number}>
                <Button
                  variant={number === shown.currentPage ? 'primary' : 'secondary'}
                  aria-current={number === shown.currentPage ? 'page' : undefined}
                  aria-label={`Страница ${number}`}
                  disabled={loading}
                  onClick={() => go(number)}
                >
                  {number}
                </Button>
              </li>
            ))}
            <li>
              <Button
                variant="secondary"
                disabled={shown.currentPage >= shown.lastPage || loading}
                onClick={() => go(shown.currentPage + 1)}
              >
                Вперёд
              </Button>
            </li>
          </ul>
        </nav>
      ) : null}
    </Page>
  );
}
