import type { AnyFormApi } from '@tanstack/react-form';
import { useImperativeHandle, useRef, type FormHTMLAttributes, type Ref } from 'react';
import { focusFirstInvalid } from './form-helpers.ts';

export interface BoundFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  /** The TanStack form the submit event goes to. */
  form: AnyFormApi;
  /** Ignore submits (Enter in a field) while the form is locked, e.g. waiting on a later step. */
  submitDisabled?: boolean;
  ref?: Ref<HTMLFormElement>;
}

/**
 * A <form> that hands its submit to TanStack Form. noValidate: the browser's own bubbles would
 * pre-empt the schema messages shown under the fields; the page does not reload on submit. A
 * submit the checks refuse brings the first invalid field into sight and focuses it (focusFirstInvalid),
 * the same in every form.
 */
export function BoundForm({ form, submitDisabled = false, ref, ...rest }: BoundFormProps) {
  const own = useRef<HTMLFormElement>(null);
  useImperativeHandle(ref, () => own.current!, []);
  return (
    <form
      {...rest}
      ref={own}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (submitDisabled) return;
        void form.handleSubmit().then(() => {
          if (!form.state.isValid) focusFirstInvalid(own.current);
        });
      }}
    />
  );
}
