import { Link } from '@tanstack/react-router';
import type { UserData } from '#shared/api/account.ts';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import styles from './content.module.css';

export interface HomeScreenProps {
  user: Pick<UserData, 'name'> | null;
  ready: boolean;
  onLogin: () => void;
  onRegister: () => void;
}

export const REPAIR_FORM_ANCHOR = 'form-repair';

/** The home page: who we are, what the portal does, the way in, and the repair form's anchor. */
export function HomeScreen({ user, ready, onLogin, onRegister }: HomeScreenProps) {
  useDocumentTitle('');
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
            <Link to="/cabinet/tickets" className={buttonClassName('primary')}>
              Перейти в личный кабинет
            </Link>
          </div>
        ) : (
          // Until the saved account is read back the guest's buttons hold their place, unseen and inert:
          // a first visit (no saved account) then shows them without the cards below moving (they
          // may wrap to two rows on a phone, which a one-row skeleton did not foresee).
          <div className={`${styles.heroActions} ${ready ? '' : styles.heroActionsPending}`} inert={!ready} aria-hidden={!ready || undefined}>
            <button type="button" className={buttonClassName('primary')} onClick={onLogin}>
              Войти
            </button>
            <button type="button" className={buttonClassName('secondary')} onClick={onRegister}>
              Зарегистрироваться
            </button>
          </div>
        )}
      </section>

      <section aria-labelledby="home-how" className={styles.card}>
        <h2 id="home-how" className={styles.sectionTitle}>
          Что можно сделать в личном кабинете
        </h2>
        <ul className={styles.features}>
          <li>
            <strong>Оставить заявку на ремонт</strong> — курьер заберёт инструменты по вашему адресу.
          </li>
          <li>
            <strong>Следить за заявками</strong> — статус ремонта, дефектные ведомости и история изменений.
          </li>
          <li>
            <strong>Согласовать работы</strong> — по каждому инструменту: согласовать, обсудить, отказаться или
            обменять на новый.
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

      <section id={REPAIR_FORM_ANCHOR} aria-labelledby="home-repair" className={styles.card}>
        <h2 id="home-repair" className={styles.sectionTitle}>
          Заявка на ремонт
        </h2>
        <p>
          Онлайн-форма заявки появится здесь в ближайшем обновлении.{' '}
          {ready && user ? (
            <>
              Отправленные заявки и их статусы — в разделе <Link to="/cabinet/tickets">«Заявки»</Link>.
            </>
          ) : (
            <>
              Как подготовить инструменты к отправке, рассказываем в <Link to="/guide/2">инструкции</Link>.
            </>
          )}
        </p>
      </section>
    </div>
  );
}
