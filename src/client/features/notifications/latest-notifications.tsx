import { Link } from '@tanstack/react-router';
import { NOTIFICATIONS_MESSAGES } from '#shared/screens/notifications.ts';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { SkeletonList } from '#client/components/ui/skeleton-list.tsx';
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
          <SkeletonList
            label="Загрузка уведомлений"
            rows={LATEST}
            lines={['75%']}
            className={styles.list}
            itemClassName={styles.item}
          />
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
