import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import styles from './ticket-page.module.css';

/** 404: the ticket does not exist or is not this account's. */
export function TicketNotFound() {
  useDocumentTitle('Заявка не найдена');
  return (
    <section className={styles.state} aria-labelledby="ticket-not-found-title">
      <h1 id="ticket-not-found-title" className={styles.stateTitle}>
        Заявка не найдена
      </h1>
      <p className={styles.stateText}>
        Возможно, номер указан с ошибкой или заявка недоступна для вашей учётной записи.
      </p>
      <Link to="/cabinet/tickets" className={buttonClassName('primary')}>
        К списку заявок
      </Link>
    </section>
  );
}

export interface TicketLoadFailedProps {
  id: number;
  message: string;
  onRetry(): void;
}

/** The first load failed and there is no saved copy: the server's message in Russian and a retry. */
export function TicketLoadFailed({ id, message, onRetry }: TicketLoadFailedProps) {
  return (
    <section className={styles.state} aria-labelledby="ticket-failed-title">
      <h1 id="ticket-failed-title" className={styles.stateTitle}>
        Заявка на ремонт №{id}
      </h1>
      <p className={styles.stateText} role="alert">
        Не удалось загрузить заявку. {message}
      </p>
      <div className={styles.stateActions}>
        <Button onClick={onRetry}>Повторить</Button>
        <Link to="/cabinet/tickets" className={buttonClassName('secondary')}>
          К списку заявок
        </Link>
      </div>
    </section>
  );
}
