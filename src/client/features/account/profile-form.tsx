import { useState, type ReactNode } from 'react';
import { PROFILE_MESSAGES, personalDataForm, type PersonalDataForm } from '#shared/screens/profile.ts';
import type { UserData } from '#shared/api/account.ts';
import { Page } from '#client/components/layout/page.tsx';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CodeEntryForm } from '#client/components/ui/code-entry-form.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { emailInput } from '#client/components/ui/input-presets.ts';
import { MessageDialog } from '#client/components/ui/message-dialog.tsx';
import { SubmitButton } from '#client/components/ui/submit-button.tsx';
import { asApiError } from '#client/lib/http.ts';
import { useAccountStore } from './account-store.ts';
import { saveFailureText } from '#client/components/ui/save-failure.ts';
import { confirmNewEmail, resendNewEmailCode, savePersonalData } from './profile-api.ts';
import styles from './forms.module.css';

const savedValues = (user: UserData): PersonalDataForm => ({
  name: user.name,
  surname: user.surname,
  phone: user.phone ?? '',
  email: user.email,
});

export interface ProfileFormProps {
  user: UserData;
  /** The installed app has no header with 'Выйти': the page offers it (cabinet.md §2 Personal data). */
  standalone: boolean;
  onLogout: () => void;
  /** The messaging-bot block, under the form (the route passes it in, from its own chunk). */
  botBlock?: ReactNode;
}

/**
 * Личные данные (cabinet.md §2, §5, §8): name, surname, phone and e-mail. A new e-mail is only the
 * login once the code mailed to it is entered; until then the form says which address waits.
 */
export function ProfileForm({ user, standalone, onLogout, botBlock }: ProfileFormProps) {
  const refresh = useAccountStore((state) => state.refresh);
  const [message, setMessage] = useState<{ title: string; text?: string } | null>(null);
  const [emailError, setEmailError] = useState<string>();
  const [codeInfo, setCodeInfo] = useState<string>();

  const form = useAppForm({
    defaultValues: savedValues(user),
    onSubmit: async ({ value, formApi }) => {
      setEmailError(undefined);
      try {
        const answer = await savePersonalData(value);
        // Before the reload: the code form that the reload brings shows where the code went.
        setCodeInfo(answer.email_change?.message);
        await refresh();
        const now = useAccountStore.getState().user;
        // The login stays the old address until its code: the field shows it again.
        if (now) formApi.reset(savedValues(now));
        // A new e-mail has changed nothing yet: the code form that comes says so and takes the focus,
        // and the success waits for the code.
        if (!answer.email_change) setMessage({ title: answer.message });
      } catch (caught) {
        const error = asApiError(caught, PROFILE_MESSAGES.failed);
        const email = error.field('email');
        if (email) return setEmailError(email);
        // Back to what is saved (cabinet.md §4), and the reason in 'Ошибка'.
        formApi.reset(savedValues(user));
        setMessage({ title: 'Ошибка', text: saveFailureText(error) });
      }
    },
  });

  const confirmCode = async (code: string) => {
    const text = await confirmNewEmail(code);
    await refresh();
    const now = useAccountStore.getState().user;
    if (now) form.reset(savedValues(now));
    setCodeInfo(undefined);
    setMessage({ title: text });
  };

  return (
    <Page title="Личные данные" narrow>
      <BoundForm form={form} className={styles.form} aria-label="Личные данные">
        <form.AppField name="name" validators={{ onBlur: personalDataForm.entries.name }}>
          {(field) => <field.TextField label="Имя" autoComplete="given-name" />}
        </form.AppField>
        <form.AppField name="surname" validators={{ onBlur: personalDataForm.entries.surname }}>
          {(field) => <field.TextField label="Фамилия" autoComplete="family-name" />}
        </form.AppField>
        <form.AppField name="phone" validators={{ onBlur: personalDataForm.entries.phone }}>
          {(field) => <field.MaskedField mask="phone" label="Телефон" />}
        </form.AppField>
        <form.AppField name="email" validators={{ onBlur: personalDataForm.entries.email }}>
          {(field) => (
            <field.TextField
              {...emailInput}
              autoComplete="email"
              serverError={emailError}
              onServerErrorClear={() => setEmailError(undefined)}
            />
          )}
        </form.AppField>
        <div className={styles.actions}>
          <SubmitButton form={form}>Сохранить</SubmitButton>
        </div>
      </BoundForm>

      {user.pending_email ? (
        <>
          <FormMessage tone="info">
            Новый адрес {user.pending_email} ещё не подтверждён: для входа пока служит {user.email}.
          </FormMessage>
          <CodeEntryForm
            key={user.pending_email}
            label="Подтверждение нового адреса"
            info={codeInfo ?? `Введите код из письма, отправленного на ${user.pending_email}.`}
            confirm={confirmCode}
            resend={resendNewEmailCode}
          />
        </>
      ) : null}

      {botBlock}

      {standalone ? (
        <Button variant="secondary" block onClick={onLogout}>
          Выйти
        </Button>
      ) : null}
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </Page>
  );
}
