import { Link } from '@tanstack/react-router';
import { formatDateTime } from '#shared/format/date.ts';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import styles from './repair.module.css';

// The wizard's screens around its steps: the draft left from before, and the request sent (or kept
// by the service worker until the network is back; a guest's: the account made with it).

/** Whom a colleague's request is for (issue 41): the clinic's tickets get it, with the colleague as the contact. */
export function OnBehalfNote({ company }: { company: string }) {
  return (
    <p className={styles.onBehalf}>
      Заявка от имени клиники «{company}»: она появится в заявках клиники, контактное лицо — вы.
    </p>
  );
}

export function ResumePrompt({
  savedAt,
  onContinue,
  onRestart,
}: {
  savedAt: number;
  onContinue: () => void;
  onRestart: () => void;
}) {
  return (
    <fieldset className={styles.resume} aria-labelledby="repair-resume-title">
      <h3 id="repair-resume-title" className={styles.stepTitle}>
        Продолжить заявку?
      </h3>
      <p>Вы начали заполнять заявку {formatDateTime(savedAt)}. Всё, что вы ввели, сохранено на этом устройстве.</p>
      <div className={styles.navigation}>
        <Button variant="secondary" onClick={onRestart}>
          Начать заново
        </Button>
        <Button onClick={onContinue}>Продолжить</Button>
      </div>
    </fieldset>
  );
}

export interface SentScreenProps {
  ticketId: number | null;
  /** Set when the service worker keeps the request: what it said. */
  queuedMessage?: string | undefined;
  onDone: () => void;
  /** A guest's request: the new account's e-mail, where its login and password went (portal.md §2.1). */
  guest?: { email: string; onLogin: () => void } | undefined;
}

export function SentScreen({ ticketId, queuedMessage, onDone, guest }: SentScreenProps) {
  if (guest)
    return (
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- A live region around block content (paragraphs and a button), which <output> may not hold.
      <div className={styles.sent} role="status">
        <p className={styles.lead}>Заявка №{ticketId} отправлена.</p>
        <p>
          Мы создали для вас личный кабинет: логин и пароль отправлены на <strong>{guest.email}</strong>. Войдите, чтобы
          следить за заявкой и согласовывать работы.
        </p>
        <Button block onClick={guest.onLogin}>
          Войти
        </Button>
      </div>
    );
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- A live region around block content (paragraphs, a link or buttons), which <output> may not hold.
    <div className={styles.sent} role="status">
      {queuedMessage === undefined ? (
        <>
          <p className={styles.lead}>Заявка №{ticketId} отправлена.</p>
          <p>Менеджер сервисного центра свяжется с вами, а курьер заберёт инструменты в выбранный день.</p>
        </>
      ) : (
        <>
          <p className={styles.lead}>{queuedMessage}</p>
          <p>
            Нет связи с сервером. Заявка уйдёт сама, когда связь вернётся, даже если закрыть приложение, и тогда
            появится в разделе «Заявки».
          </p>
        </>
      )}
      <Link to="/cabinet/tickets" className={buttonClassName('primary', true)} onClick={onDone}>
        Мои заявки
      </Link>
    </div>
  );
}
