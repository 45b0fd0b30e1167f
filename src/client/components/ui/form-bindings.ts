import type { AnyFieldApi } from '@tanstack/react-form';
import { errorText } from './form-helpers.ts';

/** The message to show under a TanStack Form field, if any. */
export function fieldError(field: AnyFieldApi): string | undefined {
  return errorText(field.state.meta.errors);
}

/**
 * Sets a field's value; once the field shows an error, re-checks it on every change so the message
 * goes away as soon as the input is fixed (fields are otherwise checked on blur and on submit).
 */
export function changeField(field: AnyFieldApi, value: unknown): void {
  field.handleChange(value);
  if (field.state.meta.errors.length > 0) void field.validate('blur');
}
