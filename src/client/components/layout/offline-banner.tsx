import { Icon } from '#client/components/ui/icon.tsx';
import { selectWorkingOffline, useConnection } from '#client/lib/connection.ts';
import styles from './offline-banner.module.css';

export const OFFLINE_TEXT = 'Нет связи с интернетом.';
export const SERVER_UNREACHABLE_TEXT = 'Нет связи с сервером.';
export const SAVED_DATA_TEXT = 'Показаны сохранённые данные.';

/**
 * Says the app works from saved data: while the device is offline, or the last API call did not
 * reach the server (or the service worker answered it from its cache) — until a real answer or the
 * `online` event (lib/connection.ts). It stands first in the page, above the content (never over it),
 * sticking under the header while the page scrolls; it is words only, and taps pass through it. The
 * live region stays mounted so screen readers announce it.
 */
export function OfflineBanner() {
  const online = useConnection((state) => state.online);
  const show = useConnection(selectWorkingOffline);
  return (
    <output className={styles.region}>
      {show && (
        <span className={styles.banner} data-offline-banner>
          <Icon name="offline" size={20} className={styles.icon} />
          <span>
            {online ? SERVER_UNREACHABLE_TEXT : OFFLINE_TEXT} {SAVED_DATA_TEXT}
          </span>
        </span>
      )}
    </output>
  );
}
