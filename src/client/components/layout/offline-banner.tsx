import { Icon } from '#client/components/ui/icon.tsx';
import { useConnection, useNoConnection } from '#client/lib/connection.ts';
import styles from './offline-banner.module.css';

export const OFFLINE_TEXT = 'Нет связи с интернетом.';
export const SERVER_UNREACHABLE_TEXT = 'Нет связи с сервером.';
export const SAVED_DATA_TEXT = 'Показаны сохранённые данные.';

/**
 * Says the app works from saved data while there is no connection (lib/connection.ts: the device
 * says it is offline, or the last API call did not reach the server or got the worker's saved copy)
 * — until a real answer, the probe or the `online` event. 'интернетом' only when the browser says
 * so; a request that failed while the browser claims a network is told as the server out of reach. It stands first in the page, above the content (never over it),
 * sticking under the header while the page scrolls; it is words only, and taps pass through it. The
 * live region stays mounted so screen readers announce it.
 */
export function OfflineBanner() {
  const browserOffline = useConnection((state) => state.browserOffline);
  const show = useNoConnection();
  return (
    <output className={styles.region}>
      {show && (
        <span className={styles.banner} data-offline-banner>
          <Icon name="offline" size={20} className={styles.icon} />
          <span>
            {browserOffline ? OFFLINE_TEXT : SERVER_UNREACHABLE_TEXT} {SAVED_DATA_TEXT}
          </span>
        </span>
      )}
    </output>
  );
}
