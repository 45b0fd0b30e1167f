import { useMemo, useRef } from 'react';
import type * as v from 'valibot';
import { ballsForm } from '#shared/api/decisions.ts';
import { formatPoints } from '#shared/format/number/money.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import styles from './decisions.module.css';

export interface BallsFormProps {
  id: string;
  /** ballsForDiscount: at most 30 % of the cost and at most the balance. */
  limit: number;
  sending: boolean;
  serverError: string | undefined;
  onServerErrorClear: () => void;
  onSubmit: (balls: number) => void;
}

const EMPTY: v.InferInput<ReturnType<typeof ballsForm>> = { balls: '' };

/** 'Списать в счет ремонта': how many points to spend on this repair. */
export function BallsForm({ id, limit, sending, serverError, onServerErrorClear, onSubmit }: BallsFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // cabinet.md §5 Points form: required, whole points, not above the limit.
  const ballsField = useMemo(() => ballsForm(limit).entries.balls, [limit]);
  // Focus moved to the input by a failed submit must not wipe the message it is there to show.
  const focusingForError = useRef(false);
  const form = useAppForm({
    defaultValues: EMPTY,
    onSubmitInvalid: () => {
      // Enter in the input: it has focus already, no focus event will come to reset the flag.
      focusingForError.current = document.activeElement !== formRef.current?.querySelector('input[name="balls"]');
      focusFirstInvalid(formRef.current);
    },
    onSubmit: ({ value }) => onSubmit(Number(value.balls.trim())),
  });
  return (
    <BoundForm
      form={form}
      ref={formRef}
      id={id}
      className={styles.modeForm}
      aria-label="Списание бонусов в счёт ремонта"
      submitDisabled={sending}
    >
      <form.AppField name="balls" validators={{ onBlur: ballsField }}>
        {(field) => (
          <field.TextField
            label="Сколько бонусов списать"
            hint={`Не больше ${formatPoints(limit)}`}
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
            serverError={serverError}
            // The message goes away when the user comes back to correct the number (cabinet.md §5).
            onServerErrorClear={() => {
              if (focusingForError.current) {
                focusingForError.current = false;
                return;
              }
              field.setMeta((meta) => ({ ...meta, errorMap: {} }));
              onServerErrorClear();
            }}
          />
        )}
      </form.AppField>
      <Button type="submit" block loading={sending}>
        Списать и согласовать
      </Button>
    </BoundForm>
  );
}
