import { Link } from '@tanstack/react-router';
import { NOTIFICATIONS_MESSAGES } from '#shared/screens/notifications.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { NotificationItem } from './notification-item.tsx';
import { fetchNotifications } from './api.ts';
import styles from './notifications.module.css';

/** How many the home page shows (portal.md §7 'main notifications, limit 3'). */
const LATEST = 3;

/** The logged-in clinic's latest notifications on the home page (lazy chunk), with a way to all of them. */
export function LatestNotifications() {
  const latest = useRemote((signal) => fetchNotifications(null, LATEST, signal));
  const items = latest.data?.items;
  return (
    <>
      {items === undefined && !latest.failure ? (
        <ul className={styles.list} aria-busy="true" aria-label="Загрузка уведомлений">
          {Array.from({ length: LATEST }, (_, row) => (
            <li key={row} className={styles.item}>
              <Skeleton width="75%" />
            </li>
          ))}
        </ul>
      ) : null}
      {latest.failure ? <p className={styles.empty}>{latest.failure}</p> : null}
      {items?.length === 0 ? <p className={styles.empty}>{NOTIFICATIONS_MESSAGES.empty}</p> : null}
      {items && items.length > 0 ? (
        <ul className={styles.list} aria-label="Последние уведомления">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      <Link to="/cabinet/notifications">Все уведомления</Link>
    </>
  );
}
