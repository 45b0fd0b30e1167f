import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { UserData } from '#shared/api/account.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import styles from './header.module.css';

export interface HeaderProps {
  /** The logged-in user, null for a guest. */
  user: Pick<UserData, 'balls'> | null;
  /** False until the persisted account is read back: the account area keeps its size meanwhile. */
  ready: boolean;
  /** The page is under /cabinet: the points balance shows and the cabinet link becomes 'Выйти'. */
  inCabinet: boolean;
  /**
   * Installed app: a login, registration or reset form fills the page in place. The guest's 'Войти'
   * is left out meanwhile: it would only reopen the form already on screen.
   */
  authInPlace?: boolean;
  onLogin: () => void;
  onLogout: () => void;
  /** Extra controls for logged-in desktop users under /cabinet (the notification bell). */
  actions?: ReactNode;
  /** A bonus survey waits for the user: 'Пройдите опрос — получите бонусы!' opens it (from 768 px; the More panel on phones). */
  onSurvey?: (() => void) | undefined;
}

// The invitation's two halves: at 1280 px and wider the item reads as two short lines, so the header's
// other hints keep their room (header.module.css).
const SURVEY_CALL = 'Пройдите опрос —';
const SURVEY_REWARD = 'получите бонусы!';
export const SURVEY_INVITATION = `${SURVEY_CALL} ${SURVEY_REWARD}`;

/** The top bar (portal.md §2.4). */
export function Header({
  user,
  ready,
  inCabinet,
  authInPlace = false,
  onLogin,
  onLogout,
  actions,
  onSurvey,
}: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          to="/"
          className={[styles.brand, ready && user && inCabinet ? styles.compactBrand : ''].filter(Boolean).join(' ')}
          aria-label="Сервисный центр — на главную"
        >
          <span className={styles.logo}>
            <Icon name="tooth" size={22} />
          </span>
          <span className={styles.brandName} aria-hidden="true">
            <span className={styles.brandLong}>Сервисный центр</span>
            <span className={styles.brandShort}>Сервис</span>
          </span>
        </Link>

        {ready && user && (
          <nav className={styles.hints} aria-label="Подсказки">
            {inCabinet && (
              <p className={styles.points}>
                <span className={styles.pointsValue}>{countOf(user.balls, BONUS_FORMS)}</span>
                <Link to="/loyalty" className={styles.hintLink}>
                  Как потратить?
                </Link>
              </p>
            )}
            <Link to="/guide/2" className={`${styles.hintLink} ${styles.guide} ${styles.guideLink}`}>
              Как пользоваться сервисом?
            </Link>
            {onSurvey && (
              <button
                type="button"
                className={`${styles.hintLink} ${styles.guide} ${styles.survey}`}
                title={SURVEY_INVITATION}
                onClick={onSurvey}
              >
                <Icon name="gift" size={20} />
                {/* Below 1280 px the gift alone (the title stays its name); below 1024 px it takes the guide link's place. */}
                <span className={styles.surveyText}>
                  <span className={styles.surveyLine}>{SURVEY_CALL}</span>{' '}
                  <span className={styles.surveyLine}>{SURVEY_REWARD}</span>
                </span>
              </button>
            )}
            {inCabinet && actions}
          </nav>
        )}

        {ready && !user && (
          // The public pages the phone's tab bar offers a guest; from 768 px the header carries them.
          <nav className={styles.publicLinks} aria-label="Разделы сайта">
            <Link to="/services" className={styles.hintLink} activeProps={{ 'aria-current': 'page' }}>
              О сервисе
            </Link>
            <Link to="/loyalty" className={styles.hintLink} activeProps={{ 'aria-current': 'page' }}>
              Бонусы
            </Link>
            <Link to="/contacts" className={styles.hintLink} activeProps={{ 'aria-current': 'page' }}>
              Контакты
            </Link>
          </nav>
        )}

        <div className={styles.account}>
          {/* Empty until the server says who is here: a placeholder of its own width would move
              (the block is pushed to the right edge, so a change of width moves its left side),
              while an empty block is not there to move. The header's height does not depend on it. */}
          {!ready ? null : !user ? (
            authInPlace ? null : (
              <button type="button" className={buttonClassName('primary')} onClick={onLogin}>
                Войти
              </button>
            )
          ) : inCabinet ? (
            <button type="button" className={`${buttonClassName('secondary')} ${styles.logout}`} onClick={onLogout}>
              <Icon name="logout" size={20} />
              Выйти
            </button>
          ) : (
            <Link to="/cabinet/tickets" className={buttonClassName('primary')}>
              <Icon name="user" size={20} />
              Личный кабинет
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
