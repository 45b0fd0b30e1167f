import type { AnyFormApi } from '@tanstack/react-form';
import type { ReactNode, RefObject } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import styles from './decisions.module.css';

/** What the points popup gives the form of each way to spend points (a discount, a gift). */
export interface ModeFormProps {
  /** The popup's send button submits the form by this id. */
  id: string;
  sending: boolean;
  serverError: string | undefined;
  onServerErrorClear: () => void;
}

/**
 * The form of one way to spend points, named for screen readers by `label`, with its submit button
 * (`submitLabel`) under the fields; no submit while sending.
 */
export function ModeForm({
  form,
  formRef,
  mode,
  label,
  submitLabel,
  children,
}: {
  form: AnyFormApi;
  formRef: RefObject<HTMLFormElement | null>;
  mode: ModeFormProps;
  label: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <BoundForm
      form={form}
      ref={formRef}
      id={mode.id}
      className={styles.modeForm}
      aria-label={label}
      submitDisabled={mode.sending}
    >
      {children}
      <Button type="submit" block loading={mode.sending}>
        {submitLabel}
      </Button>
    </BoundForm>
  );
}
