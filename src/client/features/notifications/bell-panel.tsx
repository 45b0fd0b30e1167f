import { useRef, useState, type UIEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { NOTIFICATIONS_MESSAGES } from '#shared/api/notifications.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { asApiError, LOAD_FAILED_MESSAGE } from '#client/lib/http.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { NotificationItem } from './notification-item.tsx';
import { fetchNotifications, markRead } from './api.ts';
import styles from './notification-bell.module.css';

/** Within this many pixels of the list's end, the next page is fetched (portal.md §2.4). */
const NEAR_END_PX = 10;

/** The bell's panel: the notifications, read ones set apart, more on scrolling to the end (lazy chunk). */
export function BellPanel({ onNavigate }: { onNavigate: () => void }) {
  const first = useRemote(async () => {
    const page = await fetchNotifications(null);
    // Shown: read (the bell's count resets when the panel closes).
    const unread = page.items.filter((item) => !item.is_viewed).map((item) => item.id);
    if (unread.length > 0) await markRead(unread).catch(() => undefined);
    return page;
  });
  const [more, setMore] = useState<{ loading: boolean; failure?: string }>({ loading: false });
  const asked = useRef(false);
  const items = first.data?.items ?? [];
  const next = first.data?.nextCursor ?? null;

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    if (list.scrollHeight - list.scrollTop - list.clientHeight > NEAR_END_PX || next === null || asked.current) return;
    asked.current = true;
    setMore({ loading: true });
    fetchNotifications(next).then(
      (page) => {
        first.update((current) => current && { items: [...current.items, ...page.items], nextCursor: page.nextCursor });
        void markRead(page.items.filter((item) => !item.is_viewed).map((item) => item.id)).catch(() => undefined);
        setMore({ loading: false });
        asked.current = false;
      },
      (error: unknown) => {
        setMore({ loading: false, failure: asApiError(error, LOAD_FAILED_MESSAGE).message });
        asked.current = false;
      },
    );
  };

  return (
    <>
      <p className={styles.title}>Уведомления</p>
      {first.data === null && first.loading ? (
        <output className={styles.loading}>
          <Spinner size="sm" label={null} /> Загрузка…
        </output>
      ) : null}
      {first.failure ? <p className={styles.failure}>{first.failure}</p> : null}
      {first.data && items.length === 0 ? <p className={styles.loading}>{NOTIFICATIONS_MESSAGES.empty}</p> : null}
      {items.length > 0 ? (
        <ul className={styles.list} onScroll={onScroll} aria-label="Последние уведомления">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} compact />
          ))}
        </ul>
      ) : null}
      {more.loading ? <Spinner size="sm" /> : null}
      {more.failure ? <p className={styles.failure}>{more.failure}</p> : null}
      <Link to="/cabinet/history" className={styles.all} onClick={onNavigate}>
        Показать все
      </Link>
    </>
  );
}
