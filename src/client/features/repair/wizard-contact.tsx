import { CodeEntryForm } from '#client/components/ui/code-entry-form.tsx';
import { ContactStep } from './contact-step.tsx';
import { GuestOfflineNotice, GuestOverlay, RegisteredEmailNotice } from './guest-screens.tsx';
import type { StepProps } from './step-props.ts';
import type { EmailConfirmation } from './use-email-confirmation.ts';

export interface WizardContactProps extends StepProps {
  email: EmailConfirmation;
  /** A guest's step 1 lies under the login offer until 'Продолжить без регистрации'. */
  offering: boolean;
  onContinueAsGuest: () => void;
  /** The code that came by mail was accepted: on to step 2. */
  onCodeEntered: (code: string) => Promise<void>;
  onLogin: (email?: string) => void;
  onForgotPassword: (email: string) => void;
}

/**
 * The wizard's step 1 (portal.md §2.1): the contact, and around it what a guest or an unproven
 * e-mail needs — the login offer, the notice of an address that has an account, the mailed code.
 */
export function WizardContact({
  email,
  offering,
  onContinueAsGuest,
  onCodeEntered,
  onLogin,
  onForgotPassword,
  ...props
}: WizardContactProps) {
  const { user, values } = props;
  const askingCode = email.codeInfo !== undefined;
  /** The guest's address as the server keeps it (trimmed, lower case: src/shared/validation/fields.ts). */
  const guestEmail = values.email.trim().toLowerCase();
  const registered = user === null && email.registeredEmail === guestEmail;
  const contact = <ContactStep {...props} locked={askingCode} />;
  return (
    <>
      {user === null ? (
        <>
          <GuestOfflineNotice />
          <GuestOverlay covering={offering} onLogin={() => onLogin()} onContinue={onContinueAsGuest}>
            {contact}
          </GuestOverlay>
        </>
      ) : (
        contact
      )}
      {registered ? (
        <RegisteredEmailNotice
          onLogin={() => onLogin(guestEmail)}
          onForgotPassword={() => onForgotPassword(guestEmail)}
        />
      ) : null}
      {askingCode ? (
        <CodeEntryForm
          label="Подтверждение эл. почты"
          info={email.codeInfo}
          confirm={onCodeEntered}
          resend={email.resend}
          // A guest's typo in the address: back to the e-mail, and the next 'Далее' mails the right one.
          onBack={user === null ? email.cancel : undefined}
        />
      ) : null}
    </>
  );
}
