import { useEffect, useRef, type ReactNode } from 'react';
import type { Notification } from '#shared/screens/notifications.ts';
import { Link } from '@tanstack/react-router';
import { NOTIFICATIONS_MESSAGES } from '#shared/screens/notifications.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { RetryRow } from '#client/components/ui/retry-row.tsx';
import { announceAccountChange } from '#client/lib/account-sync.ts';
import { useOnVisible } from '#client/lib/use-on-visible.ts';
import { usePagedRemote } from '#client/lib/use-paged-remote.ts';
import { NotificationItem } from './notification-item.tsx';
import { NotificationSkeletons } from './notification-skeletons.tsx';
import { fetchNotifications, markRead } from './api.ts';
import styles from './notifications.module.css';

export interface NotificationsPageProps {
  /** Some were read: the unread count (tab bar, More panel) should be fetched again. */
  onRead: () => void;
  /** Settings above the list (the Web Push switch, passed in by the route from its own chunk). */
  settings?: ReactNode;
  /** 'Показать все' to the history: false for a courier, who has no cabinet and so no history. */
  historyLink?: boolean;
  /** A notification's text with its own link (the courier's: to the stop or the route); else the ticket's. */
  linkedText?: (item: Notification) => ReactNode;
}

/**
 * Уведомления (cabinet.md §2 Notifications): description and date, unread ones marked (in words
 * too, not by colour alone), more as the end of the list comes into view, 'Показать все' to the
 * history. What is shown counts as read; the badges in this and the other tabs follow.
 */
export function NotificationsPage({ onRead, settings, historyLink = true, linkedText }: NotificationsPageProps) {
  const list = usePagedRemote((cursor, signal) => fetchNotifications(cursor, undefined, signal));
  const { items, nextCursor: next } = list;
  const loading = list.loading || list.loadingMore;
  const failure = list.moreFailure ?? list.failure;
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });

  // Shown: read. The list keeps marking them as new for this visit, so the user sees what was.
  const shownUnread = (items ?? [])
    .filter((item) => !item.is_viewed)
    .map((item) => item.id)
    .join(',');
  useEffect(() => {
    if (shownUnread === '') return;
    markRead(shownUnread.split(',').map(Number)).then(
      () => {
        onReadRef.current();
        announceAccountChange();
      },
      () => undefined, // still unread on the server: counted again on the next visit
    );
  }, [shownUnread]);

  const loadMore = list.loadMore;
  const end = useOnVisible<HTMLDivElement>(loadMore, { enabled: next !== null && !loading && !failure });
  const retry = () => (items === null ? list.reload() : loadMore());

  return (
    <Page title="Уведомления" actions={historyLink ? <Link to="/cabinet/history">Показать все</Link> : undefined}>
      {settings}
      {items === null && loading ? (
        <NotificationSkeletons label="Загрузка уведомлений" lines={['80%', '6rem']} />
      ) : null}
      {items?.length === 0 ? <p className={styles.empty}>{NOTIFICATIONS_MESSAGES.empty}</p> : null}
      {items && items.length > 0 ? (
        <ul className={styles.list} aria-label="Уведомления">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} text={linkedText?.(item)} />
          ))}
        </ul>
      ) : null}
      <RetryRow failure={failure} onRetry={retry} className={styles.failure} />
      {next !== null && !failure ? (
        <div ref={end} className={styles.more}>
          <Button variant="secondary" onClick={loadMore} loading={loading}>
            Показать ещё
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
