import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import type { UserData } from '#shared/api/account.ts';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { useOnVisible } from '#client/lib/use-on-visible.ts';
import styles from './content.module.css';

export interface HomeScreenProps {
  user: Pick<UserData, 'name'> | null;
  ready: boolean;
  onLogin: () => void;
  onRegister: () => void;
  /** The repair form (the route passes the wizard in); mounted once its section comes near the screen. */
  repairForm?: ReactNode;
  /** A logged-in clinic's latest notifications (the route passes them in). */
  notifications?: ReactNode;
}

export const REPAIR_FORM_ANCHOR = 'form-repair';
/** The installed app's name for the same form (portal.md §Startup and mounting: the host page's 'repair form' element). */
const REPAIR_FORM_APP_ANCHOR = 'form-repair-app';

/** The home page: who we are, what the portal does, the way in, and the repair form's anchor. */
export function HomeScreen({ user, ready, onLogin, onRegister, repairForm, notifications }: HomeScreenProps) {
  useDocumentTitle('');
  // The form's code loads when its section is near, not with the page (or at once for #form-repair).
  const [formWanted, setFormWanted] = useState(
    () =>
      typeof window !== 'undefined' &&
      [`#${REPAIR_FORM_ANCHOR}`, `#${REPAIR_FORM_APP_ANCHOR}`].includes(window.location.hash),
  );
  // A section already on screen loads its form at once; one below the fold loads 300 px ahead, but
  // only once the visitor scrolls: a phone's first seconds stay free for the page they are looking at,
  // and most visitors of the home page log in or read rather than fill the form.
  const scrolled = useHasScrolled(!formWanted);
  const repairSection = useOnVisible<HTMLElement>(() => setFormWanted(true), {
    enabled: !formWanted && repairForm !== undefined,
    rootMargin: scrolled ? '300px 0px' : '0px',
  });
  // A link to the form ('Ремонт', 'Оставить заявку') scrolls to it; the keyboard's place goes with it,
  // rather than staying on the link while the page shows the form.
  const hash = useLocation({ select: (location) => location.hash });
  const repairTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hash === REPAIR_FORM_ANCHOR || hash === REPAIR_FORM_APP_ANCHOR)
      repairTitle.current?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <div className={styles.stack}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.heroTitle}>
          {ready && user ? `Здравствуйте, ${user.name}!` : 'Ремонт стоматологических инструментов'}
        </h1>
        <p className={styles.heroText}>
          Авторизованный сервисный центр принимает в ремонт наконечники, турбины, скалеры, моторы и другое
          стоматологическое оборудование. Заберём инструмент курьером, проведём диагностику и согласуем с вами стоимость
          работ до начала ремонта.
        </p>
        {ready && user ? (
          <div className={styles.heroActions}>
            <Link to="/" hash={REPAIR_FORM_ANCHOR} className={buttonClassName('primary')}>
              Оставить заявку
            </Link>
            <Link to="/cabinet/tickets" className={buttonClassName('secondary')}>
              Перейти в личный кабинет
            </Link>
          </div>
        ) : (
          // Until the saved account is read back the guest's buttons hold their place, unseen and inert:
          // a first visit (no saved account) then shows them without the cards below moving (they
          // may wrap to two rows on a phone, which a one-row skeleton did not foresee).
          <div
            className={`${styles.heroActions} ${ready ? '' : styles.heroActionsPending}`}
            inert={!ready}
            aria-hidden={!ready || undefined}
          >
            {/* A visitor sends a request without an account first (portal.md §1, §6): the account comes with it. */}
            <Link to="/" hash={REPAIR_FORM_ANCHOR} className={buttonClassName('primary')}>
              Оставить заявку
            </Link>
            <button type="button" className={buttonClassName('secondary')} onClick={onLogin}>
              Войти
            </button>
            <button type="button" className={buttonClassName('secondary')} onClick={onRegister}>
              Зарегистрироваться
            </button>
          </div>
        )}
      </section>

      {ready && user && notifications ? (
        <section aria-labelledby="home-notifications" className={styles.card}>
          <h2 id="home-notifications" className={styles.sectionTitle}>
            Уведомления
          </h2>
          {notifications}
        </section>
      ) : null}

      <section aria-labelledby="home-how" className={styles.card}>
        <h2 id="home-how" className={styles.sectionTitle}>
          Что можно сделать в личном кабинете
        </h2>
        <ul className={styles.features}>
          <li>
            <strong>
              <Link to="/" hash={REPAIR_FORM_ANCHOR}>
                Оставить заявку на ремонт
              </Link>
            </strong>{' '}
            — курьер заберёт инструменты по вашему адресу.
          </li>
          <li>
            <strong>Следить за заявками</strong> — статус ремонта, дефектные ведомости и история изменений.
          </li>
          <li>
            <strong>Согласовать работы</strong> — по каждому инструменту: согласовать, обсудить, отказаться или обменять
            на новый.
          </li>
          <li>
            <strong>Получать счета</strong> — скачивайте счета и следите за оплатой.
          </li>
          <li>
            <strong>Копить бонусы</strong> — 5% от суммы ремонта возвращаются бонусами.{' '}
            <Link to="/loyalty">Подробнее о бонусах</Link>
          </li>
        </ul>
      </section>

      <section ref={repairSection} id={REPAIR_FORM_ANCHOR} aria-labelledby="home-repair" className={styles.card}>
        <h2 id="home-repair" ref={repairTitle} tabIndex={-1} className={styles.sectionTitle}>
          <span id={REPAIR_FORM_APP_ANCHOR} />
          Заявка на ремонт
        </h2>
        {repairForm !== undefined && formWanted ? repairForm : <RepairPlaceholder signedIn={ready && user !== null} />}
      </section>
    </div>
  );
}

/** What the section says until the form has come (it is fetched as the section nears the screen). */
function RepairPlaceholder({ signedIn }: { signedIn: boolean }) {
  return (
    <p>
      Опишите инструменты, выберите адрес и день — курьер заберёт их, а сервисный центр свяжется с вами.{' '}
      {signedIn ? (
        <>
          Отправленные заявки и их статусы — в разделе <Link to="/cabinet/tickets">«Заявки»</Link>.
        </>
      ) : (
        <>
          Как подготовить инструменты к отправке, рассказываем в <Link to="/guide/2">инструкции</Link>.
        </>
      )}
    </p>
  );
}

/** Whether the page has been scrolled since mount (listened for only while `listening`). */
function useHasScrolled(listening: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!listening || scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [listening, scrolled]);
  return scrolled;
}
