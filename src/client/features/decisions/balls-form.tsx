import { useMemo, useRef } from 'react';
import type * as v from 'valibot';
import { ballsForm } from '#shared/screens/decisions.ts';
import { formatPoints } from '#shared/format/number/money.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { ModeForm, type ModeFormProps } from './mode-form.tsx';

export interface BallsFormProps extends ModeFormProps {
  /** ballsForDiscount: at most 30 % of the cost and at most the balance. */
  limit: number;
  onSubmit: (balls: number) => void;
}

const EMPTY: v.InferInput<ReturnType<typeof ballsForm>> = { balls: '' };

/** 'Списать в счет ремонта': how many points to spend on this repair. */
export function BallsForm(props: BallsFormProps) {
  const { limit, serverError, onServerErrorClear, onSubmit } = props;
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
    <ModeForm
      form={form}
      formRef={formRef}
      mode={props}
      label="Списание бонусов в счёт ремонта"
      submitLabel="Списать и согласовать"
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
    </ModeForm>
  );
}
