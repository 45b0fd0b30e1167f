import type { AnyFormApi } from '@tanstack/react-form';
import type { FormHTMLAttributes, Ref } from 'react';

export interface BoundFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  /** The TanStack form the submit event goes to. */
  form: AnyFormApi;
  /** Ignore submits (Enter in a field) while the form is locked, e.g. waiting on a later step. */
  submitDisabled?: boolean;
  ref?: Ref<HTMLFormElement>;
}

/**
 * A <form> that hands its submit to TanStack Form. noValidate: the browser's own bubbles would
 * pre-empt the schema messages shown under the fields; the page does not reload on submit.
 */
export function BoundForm({ form, submitDisabled = false, ...rest }: BoundFormProps) {
  return (
    <form
      {...rest}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitDisabled) void form.handleSubmit();
      }}
    />
  );
}
