import { Link } from '@tanstack/react-router';
import { NOTIFICATIONS_MESSAGES } from '#shared/screens/notifications.ts';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
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
  return (
    <>
      <RemoteView
        remote={latest}
        skeleton={
          <ul className={styles.list} aria-busy="true" aria-label="Загрузка уведомлений">
            {Array.from({ length: LATEST }, (_, row) => (
              <li key={row} className={styles.item}>
                <Skeleton width="75%" />
              </li>
            ))}
          </ul>
        }
        isEmpty={({ items }) => items.length === 0}
        empty={<p className={styles.empty}>{NOTIFICATIONS_MESSAGES.empty}</p>}
      >
        {({ items }) => (
          <ul className={styles.list} aria-label="Последние уведомления">
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </RemoteView>
      <Link to="/cabinet/notifications">Все уведомления</Link>
    </>
  );
}
