import { useState } from 'react';
import { asApiError } from '#client/lib/http.ts';
import { confirmEmailCode, sendEmailCode } from './api.ts';
import type { WizardUser } from './step-props.ts';

export interface EmailConfirmation {
  confirmed: boolean;
  /** What the last send said, while the code is asked for; undefined otherwise. */
  codeInfo: string | undefined;
  /** Why no code could be sent. */
  failure: string | undefined;
  /** Mails a code unless the address is confirmed; resolves to whether the request may go on now. */
  ask(): Promise<boolean>;
  /** Checks the code (throws the server's refusal for the code form to show). */
  enter(code: string): Promise<void>;
  resend(): Promise<string>;
}

/**
 * An unproven e-mail is confirmed with a mailed code before a repair request goes on (portal.md
 * §2.1 step 1). `onConfirmed` runs once it is: the account's data should be fetched again.
 */
export function useEmailConfirmation(user: WizardUser, onConfirmed?: () => void): EmailConfirmation {
  const [confirmed, setConfirmed] = useState(user.email_confirmed !== false);
  const [codeInfo, setCodeInfo] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  return {
    confirmed,
    codeInfo,
    failure,
    async ask() {
      if (confirmed) return true;
      setFailure(undefined);
      try {
        setCodeInfo(await sendEmailCode());
      } catch (error) {
        const problem = asApiError(error);
        // 429: a code went out moments ago (the form was opened again); it is still good.
        if (problem.status === 429) setCodeInfo(problem.message);
        else setFailure(problem.message);
      }
      return false;
    },
    async enter(code) {
      await confirmEmailCode(code);
      setConfirmed(true);
      setCodeInfo(undefined);
      onConfirmed?.();
    },
    resend: sendEmailCode,
  };
}
