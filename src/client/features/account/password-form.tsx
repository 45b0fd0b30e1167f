import { useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { passwordField } from '#shared/validation/fields.ts';
import { messages } from '#shared/validation/messages.ts';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import { changeField, fieldError } from '#client/components/ui/form-bindings.ts';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { selectIsAuthorized, useAccountStore } from './account-store.ts';
import { asApiError } from './api-error.ts';
import { changePassword, resetPassword } from './api.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import styles from './forms.module.css';
import { useSoftLinkClick } from './navigation.ts';

export const PASSWORD_CHANGED = 'Пароль успешно изменен!';

export type PasswordFormProps =
  /** /cabinet/password: the logged-in user sets a new password. */
  | { variant: 'change'; code?: undefined }
  /** /client/restore-password/{code}: the code comes from the e-mailed link. */
  | { variant: 'reset'; code: string };

interface Values {
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
  const formRef = useRef<HTMLFormElement>(null);

  const form = useForm({
    defaultValues: { new_password: '', new_password_confirmation: '' } as Values,
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value, formApi }) => {
      setServerError(undefined);
      try {
        if (props.variant === 'reset') await resetPassword({ ...value, code: props.code });
        else await changePassword(value);
        formApi.reset();
        setChanged(true);
      } catch (caught) {
        const error = asApiError(caught);
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
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-label={props.variant === 'reset' ? 'Восстановление пароля' : 'Смена пароля'}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="new_password" validators={{ onBlur: passwordField }}>
        {(field) => (
          <TextField
            label="Новый пароль"
            type="password"
            revealable
            name={field.name}
            autoComplete="new-password"
            value={field.state.value}
            onChange={(event) => {
              changeField(field, event.target.value);
              // A shown mismatch goes away as soon as the two passwords agree again.
              if (form.getFieldMeta('new_password_confirmation')?.errors.length) {
                void form.validateField('new_password_confirmation', 'blur');
              }
            }}
            onBlur={field.handleBlur}
            hint="Не меньше 8 символов"
            error={fieldError(field)}
          />
        )}
      </form.Field>
      <form.Field
        name="new_password_confirmation"
        validators={{
          onBlur: ({ value, fieldApi }) =>
            value !== '' && value === fieldApi.form.getFieldValue('new_password') ? undefined : messages.passwordsDiffer,
        }}
      >
        {(field) => (
          <TextField
            label="Повторите пароль"
            type="password"
            revealable
            name={field.name}
            autoComplete="new-password"
            value={field.state.value}
            onChange={(event) => changeField(field, event.target.value)}
            onBlur={field.handleBlur}
            onFocus={() => setServerError(undefined)}
            error={fieldError(field) ?? serverError}
          />
        )}
      </form.Field>
      <div className={styles.actions}>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <Button type="submit" block loading={submitting}>
              Сохранить пароль
            </Button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
