import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { UserData } from '#shared/api/account.ts';
import { UNPAID_BILL_FORMS, UNREAD_NOTIFICATION_FORMS } from '#shared/format/plural.ts';
import { Badge, labelWithCount } from '#client/components/ui/badge.tsx';
import { Icon, type IconName } from '#client/components/ui/icon.tsx';
import styles from './tab-bar.module.css';

export interface TabBarProps {
  user: Pick<UserData, 'unpaid_bills' | 'unread_notifications'> | null;
  /** False until the persisted account is read back: the bar keeps its size, without tabs. */
  ready: boolean;
  /** Installed app: the bar shows at every width and Ремонт opens the repair sheet. */
  standalone: boolean;
  moreOpen: boolean;
  onLogin: () => void;
  /** Ремонт in installed mode (in a browser it links to the home page's repair form). */
  onRepair: () => void;
  onMore: () => void;
}

function TabContent({ icon, label, badge }: { icon: IconName; label: string; badge?: ReactNode }) {
  return (
    <>
      <span className={styles.iconWrap}>
        <Icon name={icon} />
        {badge}
      </span>
      <span className={styles.label}>{label}</span>
    </>
  );
}

/**
 * The bottom tab bar (portal.md §2.5): phones in a browser and the installed app. Logged in: Заявки,
 * Счета, Ремонт, Уведомления, Ещё; logged out: Бонусы, О сервисе, Войти, Контакты, Ещё.
 */
export function TabBar({ user, ready, standalone, moreOpen, onLogin, onRepair, onMore }: TabBarProps) {
  const barClass = [styles.bar, standalone ? styles.always : ''].filter(Boolean).join(' ');
  const tab = styles.tab;
  const active = { className: `${styles.tab} ${styles.active}` };

  const more = (
    <li>
      <button
        type="button"
        className={tab}
        aria-haspopup="dialog"
        aria-expanded={moreOpen}
        onClick={onMore}
      >
        <TabContent icon="more" label="Ещё" />
      </button>
    </li>
  );

  let items: ReactNode;
  if (!ready) {
    items = Array.from({ length: 5 }, (_, index) => <li key={index} className={styles.placeholder} aria-hidden="true" />);
  } else if (user) {
    items = (
      <>
        <li>
          <Link to="/cabinet/tickets" className={tab} activeProps={active}>
            <TabContent icon="tickets" label="Заявки" />
          </Link>
        </li>
        <li>
          {/* The badge sits on the icon, before the label: it is only seen, and the name reads the
              label first, 'Счета, 1 неоплаченный счёт'. */}
          <Link
            to="/cabinet/bills"
            className={tab}
            activeProps={active}
            aria-label={labelWithCount('Счета', user.unpaid_bills, UNPAID_BILL_FORMS)}
          >
            <TabContent
              icon="bills"
              label="Счета"
              badge={<Badge count={user.unpaid_bills} decorative className={styles.badge} />}
            />
          </Link>
        </li>
        <li className={styles.centerItem}>
          {standalone ? (
            <button type="button" className={styles.center} onClick={onRepair} aria-haspopup="dialog">
              <span className={styles.centerCircle}>
                <Icon name="repair" />
              </span>
              <span className={styles.label}>Ремонт</span>
            </button>
          ) : (
            <Link to="/" hash="form-repair" className={styles.center}>
              <span className={styles.centerCircle}>
                <Icon name="repair" />
              </span>
              <span className={styles.label}>Ремонт</span>
            </Link>
          )}
        </li>
        <li>
          <Link
            to="/cabinet/notifications"
            className={tab}
            activeProps={active}
            aria-label={labelWithCount('Уведомления', user.unread_notifications, UNREAD_NOTIFICATION_FORMS)}
          >
            <TabContent
              icon="bell"
              label="Уведомления"
              badge={<Badge count={user.unread_notifications} decorative className={styles.badge} />}
            />
          </Link>
        </li>
        {more}
      </>
    );
  } else {
    items = (
      <>
        <li>
          <Link to="/loyalty" className={tab} activeProps={active}>
            <TabContent icon="gift" label="Бонусы" />
          </Link>
        </li>
        <li>
          <Link to="/services" className={tab} activeProps={active}>
            <TabContent icon="info" label="О сервисе" />
          </Link>
        </li>
        <li className={styles.centerItem}>
          <button type="button" className={styles.center} onClick={onLogin} aria-haspopup="dialog">
            <span className={styles.centerCircle}>
              <Icon name="login" />
            </span>
            <span className={styles.label}>Войти</span>
          </button>
        </li>
        <li>
          <Link to="/contacts" className={tab} activeProps={active}>
            <TabContent icon="phone" label="Контакты" />
          </Link>
        </li>
        {more}
      </>
    );
  }

  return (
    <nav className={barClass} aria-label="Меню приложения">
      <ul className={styles.list}>
        {items}
      </ul>
    </nav>
  );
}
