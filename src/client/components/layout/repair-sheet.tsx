import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import styles from './repair-sheet.module.css';

export interface RepairSheetProps {
  open: boolean;
  onClose: () => void;
  loggedIn: boolean;
  /** The repair wizard (the root passes it in: a layout component does not import features). */
  children?: ReactNode;
  /** Something was entered: closing asks first, so a stray tap loses nothing. */
  hasEntries?: boolean;
}

/** The repair sheet: full screen, page scroll locked (portal.md §2.5), holding the request wizard. */
export function RepairSheet({ open, onClose, loggedIn, children, hasEntries = false }: RepairSheetProps) {
  const [asking, setAsking] = useState(false);
  const close = () => (hasEntries ? setAsking(true) : onClose());
  return (
    <Modal open={open} onClose={close} title="Заявка на ремонт" variant="fullscreen">
      {children ?? <Placeholder onClose={onClose} loggedIn={loggedIn} />}
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title="Закрыть заявку?"
        size="sm"
        footer={
          <>
            <Button
              onClick={() => {
                setAsking(false);
                onClose();
              }}
            >
              Да, закрыть
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Продолжить заполнение
            </Button>
          </>
        }
      >
        <p>Заявка ещё не отправлена. Введённое останется на этом устройстве, и заявку можно будет продолжить.</p>
      </Modal>
    </Modal>
  );
}

function Placeholder({ onClose, loggedIn }: Pick<RepairSheetProps, 'onClose' | 'loggedIn'>) {
  return (
    <>
      <div className={styles.content}>
        <p className={styles.lead}>Мастер заявки на ремонт появится в следующей версии приложения.</p>
        <p>
          {loggedIn
            ? 'Пока за статусом уже отправленных заявок можно следить в разделе «Заявки».'
            : 'Пока вы можете узнать об услугах сервиса и программе бонусов.'}
        </p>
        <div className={styles.actions}>
          {loggedIn ? (
            <Link to="/cabinet/tickets" className={buttonClassName('primary', true)} onClick={onClose}>
              Мои заявки
            </Link>
          ) : (
            <Link to="/services" className={buttonClassName('primary', true)} onClick={onClose}>
              О сервисе
            </Link>
          )}
          <button type="button" className={buttonClassName('secondary', true)} onClick={onClose}>
            Закрыть
          </button>
        </div>
      </div>
    </>
  );
}
