import { useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { acceptInvitationForm, INVITATION_MESSAGES, type Invitation } from '#shared/screens/invitations.ts';
import { passwordField } from '#shared/validation/fields.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { passwordInput } from '#client/components/ui/input-presets.ts';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SubmitButton } from '#client/components/ui/submit-button.tsx';
import { asApiError } from '#client/lib/http.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { useAccountStore } from './account-store.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import { useLogout } from './use-account-life-cycle.ts';
import styles from './forms.module.css';
import { confirmsNewPassword } from './password-confirmation.ts';
import { acceptInvitation, checkInvitation } from './invitation-api.ts';

/**
 * /client/invitation/{token} (issue 41): the owner's invitation checked as the page opens (a revoked
 * or expired one says so at once), then a short form — name, surname, phone, password — that makes
 * the colleague's account at the owner's clinic, logs in and lands in the owner's tickets. Someone
 * logged in here (the owner trying the link) is told so with 'Выйти' instead of the form: accepting
 * would replace their session, and the server refuses it (409) while one is open.
 */
export function InvitationScreen({ token }: { token: string }) {
  const check = useRemote((signal) => checkInvitation(token, signal), token);
  const loggedInAs = useAccountStore((state) => state.user?.email ?? null);
  return (
    <RemoteView
      remote={check}
      retryClassName={styles.result}
      retryActions={check.finalFailure ? <WayOn accepted={check.failure === INVITATION_MESSAGES.accepted} /> : null}
      skeleton={
        <div className={styles.checking}>
          <Spinner label="Проверяем приглашение…" />
        </div>
      }
    >
      {(invitation) =>
        loggedInAs === null ? (
          <AcceptForm token={token} invitation={invitation} />
        ) : (
          <LoggedInNotice invitation={invitation} email={loggedInAs} />
        )
      }
    </RemoteView>
  );
}

/**
 * Where a dead link leads (used, revoked, expired: asking again cannot help, so there is no
 * 'Повторить'): an accepted one to the login with the password set then, any other home.
 */
function WayOn({ accepted }: { accepted: boolean }) {
  const openView = useAuthDialog((state) => state.open);
  if (accepted) return <Button onClick={() => openView('login')}>Войти</Button>;
  return (
    <Link to="/" className={buttonClassName('secondary')}>
      На главную
    </Link>
  );
}

/** Whose invitation, at which level, for which address: the first thing the link's page says. */
function InvitationIntro({ invitation }: { invitation: Invitation }) {
  return (
    <p>
      {invitation.owner_name} приглашает вас в кабинет клиники «{invitation.clinic}». Доступ: «{invitation.level_label}
      ». Вход — по адресу <strong>{invitation.email}</strong>.
    </p>
  );
}

/** Instead of the form while an account is logged in here; 'Выйти' stays on this page, which then shows the form. */
function LoggedInNotice({ invitation, email }: { invitation: Invitation; email: string }) {
  const logout = useLogout();
  return (
    <div className={styles.form}>
      <InvitationIntro invitation={invitation} />
      <p>
        Вы вошли как <strong>{email}</strong>. Чтобы принять приглашение, выйдите из этой учётной записи.
      </p>
      <Button onClick={logout}>Выйти</Button>
    </div>
  );
}

const nameValidator = acceptInvitationForm.pipe[0].entries.name;
const phoneValidator = acceptInvitationForm.pipe[0].entries.phone;

function AcceptForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const refresh = useAccountStore((state) => state.refresh);
  const [serverError, setServerError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: { name: '', surname: '', phone: '', new_password: '', new_password_confirmation: '' },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      setServerError(undefined);
      try {
        const landing = await acceptInvitation({ token, ...value });
        await refresh();
        await navigate({ to: landing === '/cabinet/bills' ? '/cabinet/bills' : '/cabinet/tickets' });
      } catch (caught) {
        const { message } = asApiError(caught);
        setServerError(message);
        // Logged in elsewhere meanwhile (another tab): knowing who, the page offers 'Выйти' instead.
        if (message === INVITATION_MESSAGES.loggedIn) void refresh();
      }
    },
  });

  return (
    <BoundForm form={form} ref={formRef} className={styles.form} aria-label="Принять приглашение">
      <InvitationIntro invitation={invitation} />
      <form.AppField name="name" validators={{ onBlur: nameValidator }}>
        {(field) => <field.TextField label="Имя" autoComplete="given-name" />}
      </form.AppField>
      <form.AppField name="surname" validators={{ onBlur: nameValidator }}>
        {(field) => <field.TextField label="Фамилия" autoComplete="family-name" />}
      </form.AppField>
      <form.AppField name="phone" validators={{ onBlur: phoneValidator }}>
        {(field) => <field.MaskedField mask="phone" label="Телефон" />}
      </form.AppField>
      <form.AppField name="new_password" validators={{ onBlur: passwordField }}>
        {(field) => (
          <field.TextField {...passwordInput} label="Пароль" autoComplete="new-password" hint="Не меньше 8 символов" />
        )}
      </form.AppField>
      <form.AppField name="new_password_confirmation" validators={{ onBlur: confirmsNewPassword }}>
        {(field) => <field.TextField {...passwordInput} label="Повторите пароль" autoComplete="new-password" />}
      </form.AppField>
      {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
      <SubmitButton form={form}>Принять приглашение</SubmitButton>
    </BoundForm>
  );
}
