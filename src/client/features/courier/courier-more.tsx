import { Link } from '@tanstack/react-router';
import type { UserData } from '#shared/api/account.ts';
import { telHref } from '#shared/screens/map-links.ts';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { SkeletonText } from '#client/components/ui/skeleton.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { loadSupportPhone } from './api.ts';
import courier from './courier.module.css';
import styles from './courier-more.module.css';

export interface CourierMoreProps {
  user: Pick<UserData, 'name' | 'surname' | 'email' | 'phone'>;
  /** Closes the sheet (before leaving for another page, or logging out). */
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The courier's 'Ещё' (ADR 0047): who is logged in (name, e-mail, phone), 'Сменить пароль', the
 * service centre's support phone when the portal has one, and 'Выйти'.
 */
export function CourierMore({ user, onClose, onLogout }: CourierMoreProps) {
  const support = useRemote(loadSupportPhone);
  const name = `${user.name} ${user.surname}`.trim();
  return (
    <div className={styles.more}>
      <dl className={courier.facts}>
        {name ? (
          <div>
            <dt>Имя</dt>
            <dd>{name}</dd>
          </div>
        ) : null}
        <div>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </div>
        {user.phone ? (
          <div>
            <dt>Телефон</dt>
            <dd className={styles.phone}>{user.phone}</dd>
          </div>
        ) : null}
      </dl>
      <Link to="/courier/password" className={buttonClassName('secondary', true)} onClick={onClose}>
        Сменить пароль
      </Link>
      <section className={styles.support} aria-label="Поддержка">
        <RemoteView
          remote={support}
          isEmpty={(phone) => phone === null}
          skeleton={
            <div aria-busy="true" aria-label="Загрузка телефона поддержки">
              <SkeletonText lines={1} />
            </div>
          }
        >
          {(phone) => (
            <p>
              Поддержка сервисного центра:{' '}
              <a className={styles.phone} href={telHref(phone!)}>
                {phone}
              </a>
            </p>
          )}
        </RemoteView>
      </section>
      <Button
        variant="secondary"
        block
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        Выйти
      </Button>
    </div>
  );
}
