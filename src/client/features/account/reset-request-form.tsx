import { useState } from 'react';
import { forgotPasswordForm } from '#shared/api/account.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { useServerErrors } from '#client/components/ui/form-helpers.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { emailInput } from '#client/components/ui/input-presets.ts';
import { SubmitButton } from '#client/components/ui/submit-button.tsx';
import { asApiError } from '#client/lib/http.ts';
import { requestPasswordReset } from './api.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import styles from './forms.module.css';

export const RESET_LINK_SENT = 'Ссылка для восстановления пароля отправлена на вашу почту';

/** Password reset request (portal.md §4.2): e-mail → 'link sent'; the server's refusal under the e-mail. */
export function ResetRequestForm() {
  const openView = useAuthDialog((state) => state.open);
  const [sent, setSent] = useState<string>();
  const server = useServerErrors<'email'>();

  const form = useAppForm({
    // Opened from a dead reset link: the address it may have been sent to.
    defaultValues: { email: useAuthDialog.getState().email ?? '' },
    onSubmit: async ({ value }) => {
      server.clearAll();
      try {
        const message = await requestPasswordReset(value.email);
        setSent(message || RESET_LINK_SENT);
      } catch (caught) {
        const error = asApiError(caught);
        server.show({ email: error.field('email') ?? error.message });
      }
    },
  });

  if (sent) {
    return (
      <div className={styles.result}>
        <FormMessage tone="success">{sent}</FormMessage>
        <Button variant="secondary" block onClick={() => openView('login')}>
          Вернуться ко входу
        </Button>
      </div>
    );
  }

  return (
    <BoundForm form={form} className={styles.form} aria-label="Восстановление пароля">
      <p className={styles.lead}>
        Укажите эл. почту, с которой вы регистрировались, и мы пришлём ссылку для смены пароля.
      </p>
      <form.AppField name="email" validators={{ onBlur: forgotPasswordForm.entries.email }}>
        {(field) => <field.TextField {...emailInput} autoComplete="email" {...server.forField('email')} />}
      </form.AppField>
      <div className={styles.actions}>
        <SubmitButton form={form}>Восстановить пароль</SubmitButton>
        <Button variant="link" onClick={() => openView('login')}>
          Вспомнили пароль? Войти
        </Button>
      </div>
    </BoundForm>
  );
}
