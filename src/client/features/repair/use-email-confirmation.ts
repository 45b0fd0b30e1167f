import { useState } from 'react';
import { asApiError } from '#client/lib/http.ts';
import { confirmEmailCode, confirmGuestEmailCode, sendEmailCode, sendGuestEmailCode } from './api.ts';
import type { WizardUser } from './step-props.ts';

export interface EmailConfirmation {
  /** The e-mail proven for this request, if any. */
  confirmedEmail: string | null;
  /** What the last send said, while the code is asked for; undefined otherwise. */
  codeInfo: string | undefined;
  /** Why no code could be sent. */
  failure: string | undefined;
  /** A guest's e-mail that already has an account: nothing was mailed (log in instead). */
  registeredEmail: string | undefined;
  /**
   * Mails a code unless the address is confirmed; resolves to whether the request may go on now.
   * A clinic's is its account's e-mail; a guest passes the one typed.
   */
  ask(email?: string): Promise<boolean>;
  /** Checks the code (throws the server's refusal for the code form to show). */
  enter(code: string): Promise<void>;
  resend(): Promise<string>;
  /** Back from the code to the e-mail (a guest's typo): the next 'Далее' mails a code again. */
  cancel(): void;
  /** The server no longer takes the e-mail as proven (a guest's confirmation ran out), or it has an account now. */
  forget(registered?: boolean): void;
}

/**
 * The e-mail is confirmed with a mailed code before a repair request goes on (portal.md §2.1 step
 * 1): an account's unproven address, or the address a guest typed (the guest endpoints: the code
 * works in this browser only, and an address that has an account gets no code; docs/api.md).
 * `user` is who sends, null for a guest. `onConfirmed` runs once an account's e-mail is proven: the
 * account's data should be fetched again.
 */
export function useEmailConfirmation(user: WizardUser | null, onConfirmed?: () => void): EmailConfirmation {
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(
    user !== null && user.email_confirmed !== false ? user.email : null,
  );
  /** The address the code went to (a guest may change the typed one afterwards). */
  const [codeEmail, setCodeEmail] = useState('');
  const [codeInfo, setCodeInfo] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [registeredEmail, setRegisteredEmail] = useState<string | undefined>();

  const mail = (email: string, resend: boolean) =>
    user === null ? sendGuestEmailCode(email, resend) : sendEmailCode();

  return {
    confirmedEmail,
    codeInfo,
    failure,
    registeredEmail,
    async ask(typed) {
      const email = (user === null ? typed : user.email)?.trim().toLowerCase() ?? '';
      if (confirmedEmail !== null && confirmedEmail.toLowerCase() === email) return true;
      setFailure(undefined);
      setRegisteredEmail(undefined);
      setCodeEmail(email);
      try {
        setCodeInfo(await mail(email, false));
      } catch (error) {
        const problem = asApiError(error);
        // 409: a guest's address with an account; nothing was mailed and nothing will be attached to it.
        if (user === null && problem.status === 409) setRegisteredEmail(email);
        // 429: a code went out moments ago (the form was opened again); it is still good.
        else if (problem.status === 429) setCodeInfo(problem.message);
        else setFailure(problem.field('email') ?? problem.message);
      }
      return false;
    },
    async enter(code) {
      if (user === null) await confirmGuestEmailCode(codeEmail, code);
      else await confirmEmailCode(code);
      setConfirmedEmail(codeEmail || (user?.email ?? ''));
      setCodeInfo(undefined);
      if (user !== null) onConfirmed?.();
    },
    resend: () => mail(codeEmail, true),
    cancel() {
      setCodeInfo(undefined);
      setFailure(undefined);
    },
    forget(registered = false) {
      if (registered && confirmedEmail !== null) setRegisteredEmail(confirmedEmail);
      setConfirmedEmail(null);
      setCodeInfo(undefined);
    },
  };
}
