import { useEffect, useId, useRef, type ReactNode } from 'react';
import { guestMessages } from '#shared/screens/guest-requests.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useNoConnection } from '#client/lib/connection.ts';
import styles from './repair.module.css';

// What a guest meets in the wizard's step 1 (portal.md §2.1, §6): the offer to log in first, the
// address that already has an account, and why a guest's request needs the network.

export const GUEST_LOGIN_OFFER = 'Уже есть аккаунт? Войдите — данные подставятся сами';
export const GUEST_OFFLINE_NOTICE =
  'Нет связи. Без регистрации заявку можно отправить только онлайн: сначала на вашу почту придёт код подтверждения.';

export interface GuestOverlayProps {
  /** Covers the step until the guest chooses. */
  covering: boolean;
  onLogin: () => void;
  onContinue: () => void;
  /** The step it covers (unreachable, by keyboard too, while covered). */
  children: ReactNode;
}

/** Step 1 under the login offer: 'Войти' (the wizard goes on with the account's data) or 'Продолжить без регистрации'. */
export function GuestOverlay({ covering, onLogin, onContinue, children }: GuestOverlayProps) {
  const titleId = useId();
  const host = useRef<HTMLDivElement>(null);
  const wasCovering = useRef(covering);
  // Uncovered: the first field, so typing starts where the guest looks.
  useEffect(() => {
    if (wasCovering.current && !covering) host.current?.querySelector<HTMLElement>('input')?.focus();
    wasCovering.current = covering;
  }, [covering]);
  return (
    <div ref={host} className={styles.overlayHost}>
      <div inert={covering} aria-hidden={covering || undefined} className={covering ? styles.covered : undefined}>
        {children}
      </div>
      {covering ? (
        <fieldset className={styles.overlay} aria-labelledby={titleId}>
          <p id={titleId} className={styles.lead}>
            {GUEST_LOGIN_OFFER}
          </p>
          <Button block onClick={onLogin}>
            Войти
          </Button>
          <Button block variant="secondary" onClick={onContinue}>
            Продолжить без регистрации
          </Button>
        </fieldset>
      ) : null}
    </div>
  );
}

/** The typed address has an account: nothing was mailed, and the request goes from that account only. */
export function RegisteredEmailNotice({
  onLogin,
  onForgotPassword,
}: {
  onLogin: () => void;
  onForgotPassword: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  // It comes below the fields, where 'Далее' was pressed: into view, above a phone's tab bar.
  // (In braces: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.)
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={box} className={styles.registered} role="alert">
      <p className={styles.lead}>{guestMessages.emailRegistered}</p>
      <div className={styles.navigation}>
        <Button variant="link" onClick={onForgotPassword}>
          Забыли пароль?
        </Button>
        <Button onClick={onLogin}>Войти</Button>
      </div>
    </div>
  );
}

/** Said on step 1 while there is no connection: a guest's request cannot wait in the outbox (its code needs the mail). */
export function GuestOfflineNotice() {
  const noConnection = useNoConnection();
  return (
    <output className={noConnection ? styles.offlineNotice : styles.offlineHidden}>
      {noConnection ? GUEST_OFFLINE_NOTICE : null}
    </output>
  );
}
