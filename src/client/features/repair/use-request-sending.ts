import { useRef, useState } from 'react';
import { asApiError } from '#client/lib/http.ts';
import { sendRepairRequest, type SendOutcome } from './api.ts';
import type { WizardUser } from './step-props.ts';
import { localPhotos, toRequest, type WizardErrors, type WizardValues } from './wizard-values.ts';

export interface RequestSending {
  sending: boolean;
  /** The refusal's message, shown by the form; the server's field errors go to `onFieldErrors`. */
  failure: string | undefined;
  /** The request changed: the next send is a new request with a new key. */
  changed(): void;
  /** Sends; resolves to the outcome, or to why it was refused (also kept in `failure`). */
  send(values: WizardValues): Promise<SendOutcome | { failure: string }>;
}

/**
 * Sending a repair request from the wizard or the main form: under an Idempotency-Key made at the
 * first press and kept for its retries until the request changes, photos not uploaded included.
 */
export function useRequestSending(user: WizardUser, onFieldErrors: (errors: WizardErrors) => void): RequestSending {
  const key = useRef<string | null>(null);
  /** When the key was made: the server judges the pickup day as of then (an outbox replay a day later keeps its day). */
  const madeAt = useRef<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  return {
    sending,
    failure,
    changed() {
      key.current = null;
      madeAt.current = null;
    },
    async send(values) {
      setSending(true);
      setFailure(undefined);
      key.current ??= crypto.randomUUID();
      madeAt.current ??= new Date().toISOString();
      try {
        return await sendRepairRequest(
          { ...toRequest(values, user), made_at: madeAt.current },
          localPhotos(values.photos).files,
          key.current,
        );
      } catch (error) {
        const problem = asApiError(error);
        setFailure(problem.message);
        const fields = Object.entries(problem.fieldErrors);
        if (fields.length > 0) onFieldErrors(Object.fromEntries(fields.map(([field, list]) => [field, list[0] ?? ''])));
        return { failure: problem.message };
      } finally {
        setSending(false);
      }
    },
  };
}
