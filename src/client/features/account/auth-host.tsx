import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseButton } from '#client/components/ui/close-button.tsx';
import { LoaderOverlay } from '#client/components/ui/loader-overlay.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { useAuthDialog, type AuthView } from './auth-dialog-store.ts';
import styles from './auth-host.module.css';
import { LoginForm } from './login-form.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';

export const AUTH_TITLES: Record<AuthView, string> = {
  login: 'Вход в личный кабинет',
  register: 'Регистрация',
  reset: 'Восстановление пароля',
};

function formFor(view: AuthView): ReactNode {
  switch (view) {
    case 'login':
      return <LoginForm />;
    case 'register':
      return <RegistrationForm />;
    case 'reset':
      return <ResetRequestForm />;
  }
}

/**
 * The open view's form under the ~1 s switch loader. The form is laid out at once (inert under the
 * loader), so nothing jumps when the loader goes. A remount per view starts every form empty.
 */
function AuthContent({ view, switching }: { view: AuthView; switching: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The link that switched views is gone: keep keyboard focus inside instead of on <body>.
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) ref.current?.focus({ preventScroll: true });
  }, [view]);
  return (
    <div ref={ref} className={styles.content} tabIndex={-1} data-auth-view={view}>
      <LoaderOverlay active={switching} />
      <div inert={switching} aria-busy={switching || undefined}>
        {formFor(view)}
      </div>
    </div>
  );
}

/**
 * Installed mode: the form takes the page's place — a page section in the normal flow, not a popup
 * (the shell hides the route's content while a view is open).
 */
function InPlacePanel({ view, switching, onClose }: { view: AuthView; switching: boolean; onClose: () => void }) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose]);

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [view]);

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="auth-in-place">
      <header className={styles.panelHeader}>
        <h1 id={titleId} ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
          {AUTH_TITLES[view]}
        </h1>
        <CloseButton className={styles.close} onClick={onClose} />
      </header>
      <div className={styles.panelBody}>
        <AuthContent key={view} view={view} switching={switching} />
      </div>
    </section>
  );
}

export interface AuthHostProps {
  /** Installed app: forms swap in place; browser: they open in a popup (portal.md §1, §2.3). */
  standalone: boolean;
}

/** Hosts the login, registration and reset forms; open one with `useAuthDialog.getState().open('login')`. */
export function AuthHost({ standalone }: AuthHostProps) {
  const view = useAuthDialog((state) => state.view);
  const switching = useAuthDialog((state) => state.switching);
  const close = useAuthDialog((state) => state.close);

  if (standalone) {
    return view ? <InPlacePanel view={view} switching={switching} onClose={close} /> : null;
  }
  return (
    <Modal
      open={view !== null}
      onClose={close}
      title={view ? AUTH_TITLES[view] : ''}
      size={view === 'register' ? 'md' : 'sm'}
    >
      {view ? <AuthContent key={view} view={view} switching={switching} /> : null}
    </Modal>
  );
}
