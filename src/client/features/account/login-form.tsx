import { useState } from 'react';
import { loginForm, type LoginForm as LoginValues } from '#shared/api/account.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { useServerErrors } from '#client/components/ui/form-helpers.ts';
import { emailInput, passwordInput } from '#client/components/ui/input-presets.ts';
import { SubmitButton } from '#client/components/ui/submit-button.tsx';
import { cabinetHome } from '#client/components/layout/cabinet-links.ts';
import { useAccountStore } from './account-store.ts';
import { asApiError } from '#client/lib/http.ts';
import { pickFieldErrors } from './api-error.ts';
import { login } from './api.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import styles from './forms.module.css';
import { usePathnameGetter, useSoftNavigate } from './navigation.ts';

const COURIER_HOME = '/courier';
/** Pages with nothing more to offer once logged in: the home page, and a reset link just used. */
const leftAfterLogin = (path: string) => path === '/' || path.startsWith('/client/restore-password/');

/** Login (portal.md §2.3, §4.2, §5): e-mail and password; the server's refusal under the password. */
export function LoginForm() {
  // As the form opened: 'Изменить' forgets it in the store, and the field then starts from it.
  const [verifiedEmail] = useState(() => useAccountStore.getState().verifiedEmail);
  const setUser = useAccountStore((state) => state.setUser);
  const rememberVerifiedEmail = useAccountStore((state) => state.rememberVerifiedEmail);
  const openView = useAuthDialog((state) => state.open);
  const closeDialog = useAuthDialog((state) => state.close);
  const navigate = useSoftNavigate();
  const pathname = usePathnameGetter();
  // Just registered: the e-mail is known, shown as text with a way to change it.
  const [editingEmail, setEditingEmail] = useState(verifiedEmail === null);
  const server = useServerErrors<'email' | 'password'>();

  const form = useAppForm({
    // Or the e-mail it was opened with (the repair wizard's address that has an account).
    defaultValues: { email: verifiedEmail ?? useAuthDialog.getState().email ?? '', password: '' } as LoginValues,
    onSubmit: async ({ value }) => {
      server.clearAll();
      try {
        const user = await login(value);
        const { stayOnPage } = useAuthDialog.getState();
        setUser(user);
        closeDialog();
        // A courier lands on its route wherever it logged in (ADR 0047).
        if (user.kind === 'courier' && !stayOnPage) navigate(COURIER_HOME);
        else if (leftAfterLogin(pathname()) && !stayOnPage) navigate(cabinetHome(user.hidden_sections));
      } catch (caught) {
        const error = asApiError(caught);
        const { errors } = pickFieldErrors(error, ['email', 'password'] as const);
        // The spec puts the server's message under the password; an e-mail-specific one goes under the e-mail.
        if (errors.email && editingEmail) server.show({ email: errors.email, password: errors.password });
        else server.show({ password: errors.password ?? error.message });
      }
    },
  });

  return (
    <BoundForm form={form} className={styles.form} aria-label="Вход в личный кабинет">
      {editingEmail ? (
        <form.AppField name="email" validators={{ onBlur: loginForm.entries.email }}>
          {(field) => <field.TextField {...emailInput} autoComplete="username" {...server.forField('email')} />}
        </form.AppField>
      ) : (
        <div className={styles.emailText}>
          <span>
            <span className={styles.emailLabel}>{emailInput.label}</span>
            <span className={styles.emailValue} data-testid="login-email-text">
              {verifiedEmail}
            </span>
          </span>
          {/* A real button, not a link in the corner: this is the way to log in as someone else. Once
              used, the just-registered e-mail is no longer offered as fixed text on this device. */}
          <Button
            variant="secondary"
            className={styles.emailChange}
            aria-label="Изменить эл. почту"
            onClick={() => {
              rememberVerifiedEmail(null);
              setEditingEmail(true);
            }}
          >
            Изменить
          </Button>
        </div>
      )}

      <form.AppField name="password" validators={{ onBlur: loginForm.entries.password }}>
        {(field) => (
          <field.TextField
            {...passwordInput}
            label="Пароль"
            autoComplete="current-password"
            {...server.forField('password')}
          />
        )}
      </form.AppField>

      <div className={styles.actions}>
        <SubmitButton form={form}>Войти</SubmitButton>
      </div>
      <div className={styles.links}>
        <Button variant="link" onClick={() => openView('reset')}>
          Забыли пароль?
        </Button>
        <Button variant="link" onClick={() => openView('register')}>
          Регистрация
        </Button>
      </div>
    </BoundForm>
  );
}
