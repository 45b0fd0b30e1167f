import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { confirmationCodeField } from '#shared/validation/fields.ts';
import { useAppForm } from './app-form.tsx';
import { BoundForm } from './bound-form.tsx';
import { Button } from './button.tsx';
import { FormMessage } from './form-message.tsx';
import { SubmitButton } from './submit-button.tsx';
import { asApiError, type ApiError } from '#client/lib/http.ts';
import { useCountdown } from '#client/lib/use-countdown.ts';
import styles from './code-entry-form.module.css';

/** The code's first problem in the spec's words, if any. */
const codeProblem = (value: string) => v.safeParse(confirmationCodeField, value).issues?.[0].message;

/** 'Send code again' waits this long after every send (portal.md §9). */
export const RESEND_SECONDS = 30;

export interface CodeEntryFormProps {
  /** The form's accessible name, e.g. 'Подтверждение эл. почты'. */
  label: string;
  /** What the last send said ('Код подтверждения отправлен на …'). */
  info: string | undefined;
  /** Checks the code; a refusal's message is shown under the field (`onRefused` sees it first). */
  confirm: (code: string) => Promise<void>;
  /** Mails a new code; resolves to what to show above the field. */
  resend: () => Promise<string>;
  onRefused?: (error: ApiError) => void;
  onBack?: () => void;
}

/**
 * The 4-digit code mailed to the user (portal.md §4.2 registration, §2.1 wizard step 1): the code
 * field, 'Подтвердить', and 'Отправить код повторно', disabled during the 30 s countdown that
 * starts when the form appears (a code was just sent) and after every resend.
 */
export function CodeEntryForm({ label, info: firstInfo, confirm, resend, onRefused, onBack }: CodeEntryFormProps) {
  const [info, setInfo] = useState(firstInfo);
  const [codeError, setCodeError] = useState<string>();
  const [resending, setResending] = useState(false);
  const countdown = useCountdown();
  const codeRef = useRef<HTMLInputElement>(null);
  const { start } = countdown;

  useEffect(() => {
    start(RESEND_SECONDS);
    codeRef.current?.focus();
  }, [start]);

  const form = useAppForm({
    defaultValues: { code: '' },
    onSubmit: async ({ value }) => {
      setCodeError(undefined);
      try {
        await confirm(value.code);
      } catch (caught) {
        const error = asApiError(caught);
        onRefused?.(error);
        setCodeError(error.field('code') ?? error.message);
      }
    },
  });

  const sendAgain = async () => {
    setResending(true);
    setCodeError(undefined);
    try {
      setInfo(await resend());
      countdown.start(RESEND_SECONDS);
    } catch (caught) {
      setCodeError(asApiError(caught).message);
    } finally {
      setResending(false);
    }
  };

  return (
    <BoundForm form={form} className={styles.form} aria-label={label}>
      <FormMessage tone="info">{info}</FormMessage>
      <form.AppField
        name="code"
        // Leaving the empty field (the form takes the focus when it appears) is no mistake yet: an
        // empty code is refused when it is sent, a wrong one as soon as the field is left.
        validators={{
          onBlur: ({ value }) => (value === '' ? undefined : codeProblem(value)),
          onSubmit: confirmationCodeField,
        }}
      >
        {(field) => (
          <field.MaskedField
            ref={codeRef}
            mask="code"
            className={styles.codeInput}
            label="Код из письма"
            serverError={codeError}
            onServerErrorClear={() => setCodeError(undefined)}
          />
        )}
      </form.AppField>
      <div className={styles.actions}>
        <SubmitButton form={form}>Подтвердить</SubmitButton>
        <Button
          variant="secondary"
          block
          loading={resending}
          disabled={countdown.secondsLeft > 0}
          onClick={() => void sendAgain()}
        >
          {countdown.secondsLeft > 0
            ? `Отправить код повторно (${countdown.secondsLeft}\u00A0с)`
            : 'Отправить код повторно'}
        </Button>
        {onBack ? (
          <Button variant="link" onClick={onBack}>
            Назад
          </Button>
        ) : null}
      </div>
    </BoundForm>
  );
}
