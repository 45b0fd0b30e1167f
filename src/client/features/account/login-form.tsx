import { useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { loginForm, type LoginForm as LoginValues } from '#shared/api/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { changeField, fieldError } from '#client/components/ui/form-bindings.ts';
import { focusFirstInvalid, useServerErrors } from '#client/components/ui/form-helpers.ts';
import { TextField } from '#client/components/ui/text-field.tsx';
import { useAccountStore } from './account-store.ts';
import { asApiError, pickFieldErrors } from './api-error.ts';
import { login } from './api.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import styles from './forms.module.css';
import { usePathnameGetter, useSoftNavigate } from './navigation.ts';

const AFTER_LOGIN_FROM_HOME = '/cabinet/tickets';

/** Login (portal.md §2.3, §4.2, §5): e-mail and password; the server's refusal under the password. */
export function LoginForm() {
  const verifiedEmail = useAccountStore((state) => state.verifiedEmail);
  const setUser = useAccountStore((state) => state.setUser);
  const openView = useAuthDialog((state) => state.open);
  const closeDialog = useAuthDialog((state) => state.close);
  const navigate = useSoftNavigate();
  const pathname = usePathnameGetter();
  const formRef = useRef<HTMLFormElement>(null);
  // Just registered: the e-mail is known, shown as text with a way to change it.
  const [editingEmail, setEditingEmail] = useState(verifiedEmail === null);
  const server = useServerErrors<'email' | 'password'>();

  const form = useForm({
    defaultValues: { email: verifiedEmail ?? '', password: '' } as LoginValues,
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      server.clearAll();
      try {
        const user = await login(value);
        setUser(user);
        closeDialog();
        if (pathname() === '/') navigate(AFTER_LOGIN_FROM_HOME);
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
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-label="Вход в личный кабинет"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {editingEmail ? (
        <form.Field name="email" validators={{ onBlur: loginForm.entries.email }}>
          {(field) => (
            <TextField
              label="Эл. почта"
              type="email"
              name={field.name}
              autoComplete="username"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={field.state.value}
              onChange={(event) => changeField(field, event.target.value)}
              onBlur={field.handleBlur}
              onFocus={() => server.clear('email')}
              error={fieldError(field) ?? server.errors.email}
            />
          )}
        </form.Field>
      ) : (
        <div className={styles.emailText}>
          <span>
            <span className={styles.emailLabel}>Эл. почта</span>
            <span className={styles.emailValue} data-testid="login-email-text">
              {verifiedEmail}
            </span>
          </span>
          <Button variant="link" onClick={() => setEditingEmail(true)}>
            Изменить
          </Button>
        </div>
      )}

      <form.Field name="password" validators={{ onBlur: loginForm.entries.password }}>
        {(field) => (
          <TextField
            label="Пароль"
            type="password"
            revealable
            name={field.name}
            autoComplete="current-password"
            value={field.state.value}
            onChange={(event) => changeField(field, event.target.value)}
            onBlur={field.handleBlur}
            onFocus={() => server.clear('password')}
            error={fieldError(field) ?? server.errors.password}
          />
        )}
      </form.Field>

      <div className={styles.actions}>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <Button type="submit" block loading={submitting}>
              Войти
            </Button>
          )}
        </form.Subscribe>
      </div>
      <div className={styles.links}>
        <Button variant="link" onClick={() => openView('reset')}>
          Забыли пароль?
        </Button>
        <Button variant="link" onClick={() => openView('register')}>
          Регистрация
        </Button>
      </div>
    </form>
  );
}
