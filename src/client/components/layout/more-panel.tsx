import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { UserData } from '#shared/api/account.ts';
import { UNPAID_BILL_FORMS, UNREAD_NOTIFICATION_FORMS, type PluralForms } from '#shared/format/plural.ts';
import { BadgeAfterLabel, labelWithCount } from '#client/components/ui/badge.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { CABINET_LINKS, isShownSection } from './cabinet-links.ts';
import { SURVEY_INVITATION } from './header.tsx';
import styles from './more-panel.module.css';

// The main site's sections need MAIN_SITE_URL from the server: asked only when the panel opens.
const MainSiteLinks = lazyComponent(() => import('./main-site-links.tsx').then((module) => module.MainSiteLinks), {
  failed: () => null,
});

/** Public pages of the portal (portal.md §2.5 static links that this app serves). */
export const PUBLIC_LINKS = [
  { to: '/loyalty', label: 'Бонусы' },
  { to: '/services', label: 'О сервисе' },
  { to: '/guide/2', label: 'Как пользоваться сервисом?' },
  { to: '/contacts', label: 'Контакты' },
  { to: '/rules/loyalty', label: 'Правила программы лояльности' },
  { to: '/privacy', label: 'Политика обработки персональных данных' },
] as const;

export interface MorePanelProps {
  open: boolean;
  onClose: () => void;
  user: Pick<
    UserData,
    'name' | 'surname' | 'email' | 'unpaid_bills' | 'unread_notifications' | 'hidden_sections'
  > | null;
  /** Installed app: the repair item opens the repair sheet instead of the home page's form. */
  standalone: boolean;
  onRepair: () => void;
  onLogin: () => void;
  onLogout: () => void;
  /** Settings of this device under the cabinet's links (the installed app's Web Push switch). */
  deviceSettings?: ReactNode;
  /** A bonus survey waits for the user: its item opens it (portal.md §2.4 on phones). */
  onSurvey?: (() => void) | undefined;
}

/** How the shell names a visitor who has not logged in (portal.md §3 User data, §9). */
export const GUEST_NAME = 'Гость';

export function initials(name: string, surname: string): string {
  return `${name.trim().charAt(0)}${surname.trim().charAt(0)}`.toUpperCase() || '?';
}

interface LinkCount {
  value: number;
  forms: PluralForms;
}

interface LinkGroupProps {
  /** The heading and the navigation's name. */
  title: string;
  links: readonly { to: (typeof CABINET_LINKS | typeof PUBLIC_LINKS)[number]['to']; label: string }[];
  /** What a link's (only seen) badge counts, if anything. */
  countFor?: (to: string) => LinkCount | null;
  onClose: () => void;
}

function LinkGroup({ title, links, countFor, onClose }: LinkGroupProps) {
  return (
    <nav aria-label={title}>
      <h3 className={styles.groupTitle}>{title}</h3>
      <ul className={styles.list}>
        {links.map((link) => {
          const count = countFor?.(link.to) ?? null;
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                className={styles.item}
                activeProps={{ className: `${styles.item} ${styles.active}` }}
                onClick={onClose}
                // 'Счета, 3 неоплаченных счёта': the label, then what the (only seen) badge counts.
                aria-label={count ? labelWithCount(link.label, count.value, count.forms) : undefined}
              >
                <span>{link.label}</span>
                {count && <BadgeAfterLabel count={count.value} />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The More panel of the tab bar (portal.md §2.5): profile, cabinet sections, public links, repair, logout. */
export function MorePanel({
  open,
  onClose,
  user,
  standalone,
  onRepair,
  onLogin,
  onLogout,
  deviceSettings,
  onSurvey,
}: MorePanelProps) {
  const countFor = (to: string): LinkCount | null => {
    if (!user) return null;
    if (to === '/cabinet/bills') return { value: user.unpaid_bills, forms: UNPAID_BILL_FORMS };
    if (to === '/cabinet/notifications') return { value: user.unread_notifications, forms: UNREAD_NOTIFICATION_FORMS };
    return null;
  };
  /** The panel's buttons close it first, then act. */
  const closeThen = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <Modal open={open} onClose={onClose} title="Меню" hideTitle variant="sheet">
      <div className={styles.panel}>
        {user ? (
          <section className={styles.profile} aria-label="Профиль">
            <span className={styles.avatar} aria-hidden="true">
              {initials(user.name, user.surname)}
            </span>
            <span className={styles.who}>
              <span className={styles.name}>
                {user.name} {user.surname}
              </span>
              <span className={styles.email}>{user.email}</span>
            </span>
          </section>
        ) : (
          <section className={styles.guest} aria-label="Вход">
            {/* Who is here, as the profile block names a user (portal.md §3 User data: a guest is 'Гость'). */}
            <span className={styles.guestWho}>
              <span className={styles.avatar} aria-hidden="true">
                <Icon name="user" size={20} />
              </span>
              <span className={styles.name}>{GUEST_NAME}</span>
            </span>
            <p>Войдите, чтобы следить за заявками, согласовывать работы и копить бонусы.</p>
            <button type="button" className={styles.primaryAction} onClick={closeThen(onLogin)}>
              <Icon name="login" size={20} />
              Войти
            </button>
          </section>
        )}

        {user && onSurvey && (
          <button type="button" className={styles.survey} onClick={closeThen(onSurvey)}>
            <Icon name="gift" size={20} />
            {SURVEY_INVITATION}
          </button>
        )}

        {user && (
          <LinkGroup
            title="Личный кабинет"
            links={CABINET_LINKS.filter((link) => isShownSection(link.to, user.hidden_sections))}
            countFor={countFor}
            onClose={onClose}
          />
        )}
        {user && deviceSettings}

        <div className={styles.repair}>
          {standalone ? (
            <button type="button" className={styles.primaryAction} onClick={closeThen(onRepair)}>
              <Icon name="repair" size={20} />
              Оставить заявку на ремонт
            </button>
          ) : (
            <Link to="/" hash="form-repair" className={styles.primaryAction} onClick={onClose}>
              <Icon name="repair" size={20} />
              Оставить заявку на ремонт
            </Link>
          )}
        </div>

        <LinkGroup title="О сервисе" links={PUBLIC_LINKS} onClose={onClose} />
        <MainSiteLinks />

        {user && (
          <button type="button" className={styles.logout} onClick={closeThen(onLogout)}>
            <Icon name="logout" size={20} />
            Выйти
          </button>
        )}
      </div>
    </Modal>
  );
}
