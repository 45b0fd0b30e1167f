import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { buttonClassName } from '#client/components/ui/button.tsx';
import styles from './courier.module.css';

/**
 * An unknown address under /courier, inside the courier's shell: the public 404's 'На главную' would
 * lead a courier out of its app to the clinics' home page, so this one goes back to the route.
 */
export function CourierNotFound() {
  useDocumentTitle('Страница не найдена');
  return (
    <section className={styles.page} aria-labelledby="courier-not-found-title">
      <div className={styles.heading}>
        <h1 id="courier-not-found-title" className={styles.title}>
          Страница не найдена
        </h1>
      </div>
      <p className={styles.muted}>Такой страницы в приложении курьера нет.</p>
      <Link to="/courier" className={buttonClassName('primary')}>
        К маршруту
      </Link>
    </section>
  );
}
