import type { UIEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { NOTIFICATIONS_MESSAGES } from '#shared/screens/notifications.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { usePagedRemote } from '#client/lib/use-paged-remote.ts';
import { NotificationItem } from './notification-item.tsx';
import { fetchNotifications, markRead } from './api.ts';
import styles from './notification-bell.module.css';

/** Within this many pixels of the list's end, the next page is fetched (portal.md §2.4). */
const NEAR_END_PX = 10;

/** The bell's panel: the notifications, read ones set apart, more on scrolling to the end (lazy chunk). */
export function BellPanel({ onNavigate }: { onNavigate: () => void }) {
  const list = usePagedRemote(async (cursor, signal) => {
    const page = await fetchNotifications(cursor, undefined, signal);
    // Shown: read (the bell's count resets when the panel closes).
    const unread = page.items.filter((item) => !item.is_viewed).map((item) => item.id);
    if (unread.length > 0) await markRead(unread).catch(() => undefined);
    return page;
  });
  const items = list.items ?? [];

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const shown = event.currentTarget;
    if (shown.scrollHeight - shown.scrollTop - shown.clientHeight > NEAR_END_PX) return;
    list.loadMore();
  };

  return (
    <>
      <p className={styles.title}>Уведомления</p>
      {list.items === null && list.loading ? (
        <output className={styles.loading}>
          <Spinner size="sm" label={null} /> Загрузка…
        </output>
      ) : null}
      {list.failure ? <p className={styles.failure}>{list.failure}</p> : null}
      {list.items && items.length === 0 ? <p className={styles.loading}>{NOTIFICATIONS_MESSAGES.empty}</p> : null}
      {items.length > 0 ? (
        <ul className={styles.list} onScroll={onScroll} aria-label="Последние уведомления">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} compact />
          ))}
        </ul>
      ) : null}
      {list.loadingMore ? <Spinner size="sm" /> : null}
      {list.moreFailure ? <p className={styles.failure}>{list.moreFailure}</p> : null}
      <Link to="/cabinet/history" className={styles.all} onClick={onNavigate}>
        Показать все
      </Link>
    </>
  );
}
