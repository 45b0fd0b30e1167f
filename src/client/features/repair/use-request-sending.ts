import { useRef, useState } from 'react';
import { asApiError } from '#client/lib/http.ts';
import { sendRepairRequest, type SendOutcome } from './api.ts';
import { reportUnansweredRequest } from './report-unanswered.ts';
import { localPhotos, toRequest, type Sender, type WizardErrors, type WizardValues } from './wizard-values.ts';

export interface SendFailure {
  failure: string;
  /** 0 without an answer; a guest's 409 means the e-mail has an account now. */
  status: number;
  /** The fields the server named. */
  fields: WizardErrors;
}

export interface RequestSending {
  sending: boolean;
  /** The refusal's message, shown by the form; the server's field errors go to `onFieldErrors`. */
  failure: string | undefined;
  /** The request changed: the next send is a new request with a new key. */
  changed(): void;
  /** Sends; resolves to the outcome, or to why it was refused (also kept in `failure`) and the answer's status. */
  send(values: WizardValues): Promise<SendOutcome | SendFailure>;
}

/**
 * Sending a repair request from the wizard or the main form: under an Idempotency-Key made at the
 * first press and kept for its retries until the request changes, photos not uploaded included.
 * `user` is who sends: the logged-in clinic, or null for a guest (the guest endpoints, every photo
 * with the request). `forClientId`: the clinic a colleague sends it for (issue 41), carried in the
 * request's body, so the outbox's copy of it goes to that clinic too.
 */
export function useRequestSending(
  user: Sender,
  onFieldErrors: (errors: WizardErrors) => void,
  forClientId: number | null = null,
): RequestSending {
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
        const request = toRequest(values, user);
        request.input.made_at = madeAt.current;
        if (!request.guest && forClientId !== null) request.input.for_client_id = forClientId;
        return await sendRepairRequest(request, localPhotos(values.photos).files, key.current);
      } catch (error) {
        const problem = asApiError(error);
        setFailure(problem.message);
        reportUnansweredRequest(problem.status);
        const fields = Object.fromEntries(
          Object.entries(problem.fieldErrors).map(([field, list]) => [field, list[0] ?? '']),
        );
        if (Object.keys(fields).length > 0) onFieldErrors(fields);
        return { failure: problem.message, status: problem.status, fields };
      } finally {
        setSending(false);
      }
    },
  };
}
