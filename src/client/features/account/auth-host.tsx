import { Suspense, useEffect, useId, useRef, type ComponentType } from 'react';
import { CloseButton } from '#client/components/ui/button.tsx';
import { LoaderOverlay } from '#client/components/ui/loader-overlay.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { whenLoadedAndIdle } from '#client/lib/after-load.ts';
import { ChunkFailure, LazyMount, lazyLoader, RetryBoundary, type LazyLoader } from '#client/lib/lazy-component.tsx';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog, type AuthView } from './auth-dialog-store.ts';
import styles from './auth-host.module.css';

export const AUTH_TITLES: Record<AuthView, string> = {
  login: 'Вход в личный кабинет',
  register: 'Регистрация',
  reset: 'Восстановление пароля',
};

/**
 * A form in a chunk of its own: the forms (and @tanstack/react-form) stay out of the entry chunk, so
 * the shell starts sooner, and arrive under the ~1 s loader that opening a form shows anyway.
 */
const formLoader = (importForm: () => Promise<ComponentType>): LazyLoader<object> => lazyLoader(importForm);

const VIEWS: Record<AuthView, LazyLoader<object>> = {
  login: formLoader(() => import('./login-form.tsx').then((module) => module.LoginForm)),
  register: formLoader(() => import('./registration-form.tsx').then((module) => module.RegistrationForm)),
  reset: formLoader(() => import('./reset-request-form.tsx').then((module) => module.ResetRequestForm)),
};

/** Fetches every form's chunk ahead of need (AuthHost does it when the browser is idle); resolves once all are in. */
export function preloadAuthViews(): Promise<void> {
  return Promise.all(Object.values(VIEWS).map((view) => view.load())).then(() => undefined);
}

/** The longest the preload waits for an idle moment once the page has loaded. */
const PRELOAD_IDLE_TIMEOUT_MS = 1500;

/**
 * For a guest (by the server's word) the host fetches the forms once the page has loaded and is idle,
 * so the first 'Войти' shows only its ~1 s loader, never a wait for a chunk on top. A logged-in user
 * rarely needs them: their chunks (and @tanstack/react-form) stay off that user's pages (the cold-start
 * budget, tests/e2e/shell.e2e.ts) and load only when a form opens.
 */
function usePreloadWhenIdle(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    return whenLoadedAndIdle(() => void preloadAuthViews().catch(() => {}), PRELOAD_IDLE_TIMEOUT_MS); // retried when a form opens
  }, [enabled]);
}

/** The view's form, and while its chunk is on its way the same loader as a view switch (the Suspense fallback). */
function ViewForm({ view, switching }: { view: AuthView; switching: boolean }) {
  return (
    <Suspense
      fallback={
        <div className={styles.pending} aria-busy="true">
          <LoaderOverlay active />
        </div>
      }
    >
      <LoaderOverlay active={switching} />
      <div inert={switching} aria-busy={switching || undefined}>
        {/* A loaded form renders without suspending, so it lays out under the loader. */}
        <LazyMount loader={VIEWS[view]} props={{}} />
      </div>
    </Suspense>
  );
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
      <RetryBoundary
        loaded={VIEWS[view].loaded}
        failed={(retry) => (
          <ChunkFailure retry={retry} message="Не удалось загрузить форму. Проверьте подключение к интернету." />
        )}
      >
        <ViewForm view={view} switching={switching} />
      </RetryBoundary>
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
  /** The close button and Escape; closes the form unless given (the shell may lead elsewhere instead). */
  onClose?: () => void;
}

/** Hosts the login, registration and reset forms; open one with `useAuthDialog.getState().open('login')`. */
export function AuthHost({ standalone, onClose }: AuthHostProps) {
  const view = useAuthDialog((state) => state.view);
  const switching = useAuthDialog((state) => state.switching);
  const closeView = useAuthDialog((state) => state.close);
  const close = onClose ?? closeView;
  // A guest by the server's word: a cold start with only the session cookie is a guest until it answers.
  const guest = useAccountStore((state) => state.checked && state.user === null);
  usePreloadWhenIdle(guest);

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
