import { Link } from '@tanstack/react-router';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from './page.tsx';
import styles from './status-screens.module.css';

/** The 404 page (cabinet.md §2). */
export function NotFoundScreen() {
  useDocumentTitle('Страница не найдена');
  return (
    <section className={styles.screen} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Страница не найдена
      </h1>
      <p className={styles.text}>Данной страницы на сайте больше нет</p>
      <Link to="/" className={buttonClassName('primary')}>
        На главную
      </Link>
    </section>
  );
}

export interface UnauthorizedScreenProps {
  onLogin: () => void;
}

/** Shown for cabinet pages to a guest in the browser (portal.md §2.3); the installed app shows the login form instead. */
export function UnauthorizedScreen({ onLogin }: UnauthorizedScreenProps) {
  useDocumentTitle('Вход в личный кабинет');
  return (
    <section className={styles.screen} aria-labelledby="unauthorized-title">
      <h1 id="unauthorized-title" className={styles.title}>
        Вы не авторизованы в личном кабинете
      </h1>
      <p className={styles.text}>Для доступа к этой странице требуется авторизация</p>
      <button type="button" className={buttonClassName('primary')} onClick={onLogin}>
        Войти
      </button>
    </section>
  );
}
