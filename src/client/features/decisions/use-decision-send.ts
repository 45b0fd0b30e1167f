import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { conflictDetails, type StatementTerms } from '#shared/screens/decisions.ts';
import { asApiError, type ApiError } from '#client/lib/http.ts';
import type { DecisionAnswer } from './api.ts';
import { newIdempotencyKey } from './idempotency-key.ts';

export type SendState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  /** No answer, or one worth repeating (network, 5xx, 429): `retry()` repeats with the same key. */
  | { phase: 'failed'; error: ApiError; retryable: boolean }
  /** 409: the quote changed or was decided meanwhile; `current` is how the statements are now. */
  | { phase: 'conflict'; message: string; current: StatementTerms[] };

export interface DecisionSendOptions {
  onSuccess: (answer: DecisionAnswer) => void;
  /** A 422: show the server's texts under the fields; return false when none of them is a field here. */
  onInvalid?: (error: ApiError) => boolean;
  /**
   * A 409: the ticket changed on the server; or a 403: the owner lowered the colleague's level while
   * the page was open (issue 41). Either way the page should reload it (a lowered level's ticket has
   * no prices and so no decision buttons).
   */
  onConflict?: () => void;
}

/** One of the decision calls of api.ts. */
type DecisionCall<Payload> = (
  payload: Payload,
  key: string,
  seen: readonly StatementTerms[],
) => Promise<DecisionAnswer>;

interface Attempt {
  key: string;
  body: string;
  run: (key: string) => Promise<DecisionAnswer>;
}

/** Statuses the server does not keep under the key (ADR 0006): asking again may well succeed. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * Sends one decision and sorts its outcome. The Idempotency-Key is made when the user taps the
 * final button and kept until the server gives a definite answer (success, 409, 422): `retry()`
 * and a repeated tap with the same payload reuse it, so a send that did reach the server before
 * the connection dropped is answered from the server's record instead of being decided twice.
 */
export function useDecisionSend(options: DecisionSendOptions) {
  const [state, setState] = useState<SendState>({ phase: 'idle' });
  const pending = useRef<Attempt | null>(null);
  const optionsRef = useRef(options);
  const mounted = useRef(true);

  useEffect(() => {
    optionsRef.current = options;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const attempt = useCallback(async (current: Attempt) => {
    pending.current = current;
    setState({ phase: 'sending' });
    let answer: DecisionAnswer;
    try {
      answer = await current.run(current.key);
    } catch (caught) {
      const error = asApiError(caught);
      if (!mounted.current) return;
      if (isRetryable(error.status)) {
        setState({ phase: 'failed', error, retryable: true });
        return;
      }
      pending.current = null;
      if (error.status === 409) {
        const details = v.safeParse(conflictDetails, error.details);
        setState({
          phase: 'conflict',
          message: error.message,
          current: details.success ? details.output.statements : [],
        });
        optionsRef.current.onConflict?.();
        return;
      }
      if (error.status === 403) optionsRef.current.onConflict?.();
      const shown = error.status === 422 && (optionsRef.current.onInvalid?.(error) ?? false);
      setState(shown ? { phase: 'idle' } : { phase: 'failed', error, retryable: false });
      return;
    }
    pending.current = null;
    if (!mounted.current) return;
    setState({ phase: 'idle' });
    optionsRef.current.onSuccess(answer);
  }, []);

  /** The user tapped the final button with this payload, on these statements as they saw them. */
  const send = useCallback(
    <Payload>(payload: Payload, run: DecisionCall<Payload>, seen: readonly StatementTerms[]) => {
      const body = JSON.stringify(payload);
      const previous = pending.current;
      const key = previous && previous.body === body ? previous.key : newIdempotencyKey();
      return attempt({ key, body, run: (k) => run(payload, k, seen) });
    },
    [attempt],
  );

  /** 'Повторить' after a failure: the same request with the same key. */
  const retry = useCallback(() => (pending.current ? attempt(pending.current) : Promise.resolve()), [attempt]);

  /** Forgets a shown failure (the user changed the form). */
  const dismiss = useCallback(
    () => setState((current) => (current.phase === 'failed' ? { phase: 'idle' } : current)),
    [],
  );

  return { state, sending: state.phase === 'sending', send, retry, dismiss };
}
