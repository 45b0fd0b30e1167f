import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { UNREAD_NOTIFICATION_FORMS } from '#shared/format/plural.ts';
import { BadgeAfterLabel, labelWithCount } from '#client/components/ui/badge.tsx';
import { Icon, LineIcon } from '#client/components/ui/icon.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import tabBar from '#client/components/layout/tab-bar.module.css';
import styles from './courier-shell.module.css';

// The courier's own frame (DESIGN.md §Couriers): the page and a bottom tab bar of its own
// ('Маршрут', 'Карта', 'Уведомления', 'Ещё'), at every width, drawn as the clinics' bar is (its
// styles, four tabs). A lazy chunk: a clinic never loads it.

export const COURIER_MAIN_ID = 'courier-main';

const routeIcon = (
  <LineIcon>
    <circle cx="6" cy="19" r="2" />
    <circle cx="18" cy="5" r="2" />
    <path d="M8 19h8.5a3.5 3.5 0 0 0 0-7h-9a3.5 3.5 0 0 1 0-7H16" />
  </LineIcon>
);

const mapIcon = (
  <LineIcon>
    <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Z" />
    <path d="M9 4v14M15 6v14" />
  </LineIcon>
);

interface TabProps {
  to: string;
  icon: ReactNode;
  label: string;
  exact?: boolean;
  /** Unread notifications: a badge on the icon, said after the label ('Уведомления, 2 непрочитанных'). */
  unread?: number;
}

function Tab({ to, icon, label, exact = false, unread = 0 }: TabProps) {
  return (
    <li>
      <Link
        to={to}
        className={tabBar.tab}
        activeOptions={{ exact }}
        activeProps={{ className: `${tabBar.tab} ${tabBar.active}`, 'aria-current': 'page' }}
        aria-label={labelWithCount(label, unread, UNREAD_NOTIFICATION_FORMS)}
      >
        <span className={tabBar.iconWrap}>{icon}</span>
        <span className={tabBar.label}>{label}</span>
        <BadgeAfterLabel count={unread} className={tabBar.badge} />
      </Link>
    </li>
  );
}

export interface CourierShellProps {
  children: ReactNode;
  /** What 'Ещё' opens (the account and 'Выйти'); the route composes it. */
  more?: (close: () => void) => ReactNode;
  /** The courier's unread notifications (its user data), counted on 'Уведомления'. */
  unread?: number;
}

export function CourierShell({ children, more, unread = 0 }: CourierShellProps) {
  const [moreOpen, setMoreOpen] = useState(false);
  const close = () => setMoreOpen(false);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href={`#${COURIER_MAIN_ID}`}>
        Перейти к содержимому
      </a>
      <main id={COURIER_MAIN_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <nav className={`${tabBar.bar} ${tabBar.always} ${styles.bar}`} aria-label="Разделы курьера">
        <ul className={tabBar.list}>
          <Tab to="/courier" icon={routeIcon} label="Маршрут" exact />
          <Tab to="/courier/map" icon={mapIcon} label="Карта" />
          <Tab to="/courier/notifications" icon={<Icon name="bell" />} label="Уведомления" unread={unread} />
          <li>
            <button
              type="button"
              className={tabBar.tab}
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen(true)}
            >
              <span className={tabBar.iconWrap}>
                <Icon name="more" />
              </span>
              <span className={tabBar.label}>Ещё</span>
            </button>
          </li>
        </ul>
      </nav>
      {moreOpen ? (
        <Modal open onClose={close} title="Ещё" variant="sheet">
          {more?.(close)}
        </Modal>
      ) : null}
    </div>
  );
}
