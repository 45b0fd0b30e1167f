import type { CSSProperties, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { UserData } from '#shared/api/account.ts';
import { UNPAID_BILL_FORMS, UNREAD_NOTIFICATION_FORMS, type PluralForms } from '#shared/format/plural.ts';
import { BadgeAfterLabel, labelWithCount } from '#client/components/ui/badge.tsx';
import { Icon, type IconName } from '#client/components/ui/icon.tsx';
import { isShownSection } from './cabinet-links.ts';
import styles from './tab-bar.module.css';

export interface TabBarProps {
  user: Pick<UserData, 'unpaid_bills' | 'unread_notifications' | 'hidden_sections'> | null;
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

/**
 * The badge comes after the label in the text, as in the name ('Счета, 1 неоплаченный счёт': WCAG
 * 2.5.3, the visible text in the name in its order); CSS places it on the icon.
 */
function TabContent({ icon, label, badge }: { icon: IconName; label: string; badge?: ReactNode }) {
  return (
    <>
      <span className={styles.iconWrap}>
        <Icon name={icon} />
      </span>
      <span className={styles.label}>{label}</span>
      {badge}
    </>
  );
}

interface TabLinkProps {
  to: '/cabinet/tickets' | '/cabinet/bills' | '/cabinet/notifications' | '/loyalty' | '/services' | '/contacts';
  icon: IconName;
  label: string;
  /** A count shown as a badge on the icon (only seen: the name reads the label first, 'Счета, 1 неоплаченный счёт'). */
  count?: { value: number; forms: PluralForms };
}

function TabLink({ to, icon, label, count }: TabLinkProps) {
  return (
    <li>
      <Link
        to={to}
        className={styles.tab}
        activeProps={{ className: `${styles.tab} ${styles.active}` }}
        aria-label={count ? labelWithCount(label, count.value, count.forms) : undefined}
      >
        <TabContent
          icon={icon}
          label={label}
          badge={count && <BadgeAfterLabel count={count.value} className={styles.badge} />}
        />
      </Link>
    </li>
  );
}

/** The raised centre item's content: Ремонт (logged in) or Войти (logged out). */
function CenterContent({ icon, label }: { icon: IconName; label: string }) {
  return (
    <>
      <span className={styles.centerCircle}>
        <Icon name={icon} />
      </span>
      <span className={styles.label}>{label}</span>
    </>
  );
}

/**
 * The bottom tab bar (portal.md §2.5): phones in a browser and the installed app. Logged in: Заявки,
 * Счета, Ремонт, Уведомления, Ещё (without a section a colleague has no way to); logged out: Бонусы, О сервисе, Войти, Контакты, Ещё.
 */
export function TabBar({ user, ready, standalone, moreOpen, onLogin, onRepair, onMore }: TabBarProps) {
  const barClass = [styles.bar, standalone ? styles.always : ''].filter(Boolean).join(' ');
  const more = (
    <li>
      <button type="button" className={styles.tab} aria-haspopup="dialog" aria-expanded={moreOpen} onClick={onMore}>
        <TabContent icon="more" label="Ещё" />
      </button>
    </li>
  );

  let items: ReactNode;
  let tabCount = 5;
  if (!ready) {
    items = Array.from({ length: 5 }, (_, index) => (
      <li key={index} className={styles.placeholder} aria-hidden="true" />
    ));
  } else if (user) {
    // A colleague whose accesses give no way to a section does not get its tab (issue 41).
    const tickets = isShownSection('/cabinet/tickets', user.hidden_sections);
    const bills = isShownSection('/cabinet/bills', user.hidden_sections);
    tabCount = 3 + Number(tickets) + Number(bills);
    items = (
      <>
        {tickets && <TabLink to="/cabinet/tickets" icon="tickets" label="Заявки" />}
        {bills && (
          <TabLink
            to="/cabinet/bills"
            icon="bills"
            label="Счета"
            count={{ value: user.unpaid_bills, forms: UNPAID_BILL_FORMS }}
          />
        )}
        <li className={styles.centerItem}>
          {standalone ? (
            <button type="button" className={styles.center} onClick={onRepair} aria-haspopup="dialog">
              <CenterContent icon="repair" label="Ремонт" />
            </button>
          ) : (
            <Link to="/" hash="form-repair" className={styles.center}>
              <CenterContent icon="repair" label="Ремонт" />
            </Link>
          )}
        </li>
        <TabLink
          to="/cabinet/notifications"
          icon="bell"
          label="Уведомления"
          count={{ value: user.unread_notifications, forms: UNREAD_NOTIFICATION_FORMS }}
        />
        {more}
      </>
    );
  } else {
    items = (
      <>
        <TabLink to="/loyalty" icon="gift" label="Бонусы" />
        <TabLink to="/services" icon="info" label="О сервисе" />
        <li className={styles.centerItem}>
          <button type="button" className={styles.center} onClick={onLogin} aria-haspopup="dialog">
            <CenterContent icon="login" label="Войти" />
          </button>
        </li>
        <TabLink to="/contacts" icon="phone" label="Контакты" />
        {more}
      </>
    );
  }

  return (
    <nav className={barClass} aria-label="Меню приложения">
      <ul className={styles.list} style={tabCount === 5 ? undefined : ({ '--tab-count': tabCount } as CSSProperties)}>
        {items}
      </ul>
    </nav>
  );
}
