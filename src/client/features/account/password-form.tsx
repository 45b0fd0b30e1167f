import { useState } from 'react';
import { passwordField } from '#shared/validation/fields.ts';
import { messages } from '#shared/validation/messages.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { passwordInput } from '#client/components/ui/input-presets.ts';
import { SubmitButton } from '#client/components/ui/submit-button.tsx';
import { selectIsAuthorized, useAccountStore } from './account-store.ts';
import { asApiError } from '#client/lib/http.ts';
import { changePassword, resetPassword } from './api.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import styles from './forms.module.css';
import { confirmsNewPassword } from './password-confirmation.ts';
import { useSoftLinkClick } from './navigation.ts';
import { PasswordStrength } from './password-strength.tsx';

export const PASSWORD_CHANGED = 'Пароль успешно изменен!';

export type PasswordFormProps =
  /** /cabinet/password: the logged-in user sets a new password. */
  | { variant: 'change'; code?: undefined }
  /** /client/restore-password/{code}: the code comes from the e-mailed link. */
  | { variant: 'reset'; code: string };

interface Values {
  /** Asked on /cabinet/password only; the reset link stands in for it. */
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}

/**
 * New password and its confirmation (cabinet.md §Password change, §5). On success the form is
 * replaced by 'Пароль успешно изменен!'. Leaving the page unmounts it, which clears the fields and
 * the changed flag.
 */
export function PasswordForm(props: PasswordFormProps) {
  const authorized = useAccountStore(selectIsAuthorized);
  const openView = useAuthDialog((state) => state.open);
  const softLinkClick = useSoftLinkClick();
  const [changed, setChanged] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [currentError, setCurrentError] = useState<string>();
  const email = useAccountStore((state) => state.user?.email ?? '');
  const rememberVerifiedEmail = useAccountStore((state) => state.rememberVerifiedEmail);

  const form = useAppForm({
    defaultValues: {
      current_password: '',
      new_password: '',
      new_password_confirmation: '',
    } as Values,
    onSubmit: async ({ value, formApi }) => {
      setServerError(undefined);
      setCurrentError(undefined);
      try {
        if (props.variant === 'reset') {
          const owner = await resetPassword({
            new_password: value.new_password,
            new_password_confirmation: value.new_password_confirmation,
            code: props.code,
          });
          // The login that follows starts with this e-mail, shown as text with 'Изменить'.
          rememberVerifiedEmail(owner);
        } else await changePassword(value);
        formApi.reset();
        setChanged(true);
      } catch (caught) {
        const error = asApiError(caught);
        const current = error.field('current_password');
        if (current) {
          setCurrentError(current);
          return;
        }
        setServerError(error.field('new_password_confirmation') ?? error.field('new_password') ?? error.message);
      }
    },
  });

  if (changed) {
    return (
      <div className={styles.result}>
        <FormMessage tone="success">
          <strong>{PASSWORD_CHANGED}</strong>
        </FormMessage>
        {!authorized ? (
          <Button block onClick={() => openView('login')}>
            Войти в личный кабинет
          </Button>
        ) : props.variant === 'reset' ? (
          <a className={buttonClassName('primary', true)} href="/cabinet/tickets" onClick={softLinkClick}>
            Перейти к заявкам
          </a>
        ) : null}
      </div>
    );
  }

  return (
    <BoundForm
      form={form}
      className={styles.form}
      aria-label={props.variant === 'reset' ? 'Восстановление пароля' : 'Смена пароля'}
    >
      {props.variant === 'change' ? (
        <form.AppField
          name="current_password"
          validators={{
            onBlur: ({ value }) => (value === '' ? messages.required : undefined),
          }}
        >
          {(field) => (
            <field.TextField
              {...passwordInput}
              label="Текущий пароль"
              autoComplete="current-password"
              serverError={currentError}
              onServerErrorClear={() => setCurrentError(undefined)}
            />
          )}
        </form.AppField>
      ) : null}
      <form.AppField name="new_password" validators={{ onBlur: passwordField }}>
        {(field) => (
          <>
            <field.TextField
              {...passwordInput}
              label="Новый пароль"
              autoComplete="new-password"
              hint="Не меньше 8 символов"
              onChange={() => {
                // A shown mismatch goes away as soon as the two passwords agree again.
                if (form.getFieldMeta('new_password_confirmation')?.errors.length) {
                  void form.validateField('new_password_confirmation', 'blur');
                }
              }}
            />
            <PasswordStrength password={field.state.value} email={email} />
          </>
        )}
      </form.AppField>
      <form.AppField name="new_password_confirmation" validators={{ onBlur: confirmsNewPassword }}>
        {(field) => (
          <field.TextField
            {...passwordInput}
            label="Повторите пароль"
            autoComplete="new-password"
            serverError={serverError}
            onServerErrorClear={() => setServerError(undefined)}
          />
        )}
      </form.AppField>
      <div className={styles.actions}>
        <SubmitButton form={form}>Сохранить пароль</SubmitButton>
      </div>
    </BoundForm>
  );
}
