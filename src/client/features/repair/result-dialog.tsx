import { Link } from '@tanstack/react-router';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import styles from './repair.module.css';

/** The success popup's own message (portal.md §2.3): with it come 'Спасибо!' and the note about the bill. */
export const REQUEST_SENT_MESSAGE = 'Ваша заявка успешно отправлена!';

export type RequestResult =
  | { kind: 'sent'; ticketId: number }
  /** Kept by the service worker until the network is back: its message. */
  | { kind: 'queued'; message: string }
  | { kind: 'error'; message: string };

export interface ResultDialogProps {
  result: RequestResult | null;
  /** Closing a success also starts the form afresh (portal.md §4.1). */
  onClose: () => void;
}

/** The main form's result (portal.md §2.3): 'Спасибо!' with 'На главную' and 'Мои заявки', or 'Ошибка' with its text. */
export function ResultDialog({ result, onClose }: ResultDialogProps) {
  const failed = result?.kind === 'error';
  const title = failed ? 'Ошибка' : result?.kind === 'queued' ? 'Заявка сохранена' : 'Спасибо!';
  return (
    <Modal
      open={result !== null}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        failed ? (
          <Button onClick={onClose}>OK</Button>
        ) : (
          <div className={styles.dialogActions}>
            <Link to="/cabinet/tickets" className={buttonClassName('primary', true)} onClick={onClose}>
              Мои заявки
            </Link>
            <Link to="/" className={buttonClassName('secondary', true)} onClick={onClose}>
              На главную
            </Link>
          </div>
        )
      }
    >
      {result?.kind === 'sent' ? (
        <>
          <p className={styles.lead}>{REQUEST_SENT_MESSAGE}</p>
          <p>
            Заявка №{result.ticketId} принята. Как только сервисный центр её согласует, счёт появится в разделе «Счета».
          </p>
        </>
      ) : (
        <p>{result?.message}</p>
      )}
    </Modal>
  );
}
