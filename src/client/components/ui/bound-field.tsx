import type { FieldApi } from '@tanstack/react-form';
import { CheckboxField, type CheckboxFieldProps } from './checkbox-field.tsx';
import { changeField, fieldError } from './form-bindings.ts';
import { MaskedField, type MaskedFieldProps } from './masked-field.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A TanStack Form field holding a `Value` (AnyFieldApi would let a boolean field reach a text input). */
// oxlint-disable-next-line typescript/no-explicit-any -- AnyFieldApi's own spelling, with only the value type pinned.
export type FieldOf<Value> = FieldApi<any, any, Value, any, any, any, any, any, any, any, any, any, any, any, any, any, any, any, any, any, any, any, any>;

export interface FieldBinding<Value> {
  field: FieldOf<Value>;
  /** A server message for this field, shown while the field has no error of its own. */
  serverError?: string | undefined;
  /** Clears `serverError` when the user comes back to the field (portal.md §8: cleared on focus). */
  onServerErrorClear?: (() => void) | undefined;
}

/** The props a bound control takes from the field, so they are wired the same way in every form. */
type BoundProps = 'name' | 'value' | 'onBlur' | 'onFocus' | 'error';

function bindingProps<Value>({ field, serverError, onServerErrorClear }: FieldBinding<Value>) {
  return {
    name: field.name as string,
    onBlur: field.handleBlur,
    onFocus: onServerErrorClear ? () => onServerErrorClear() : undefined,
    error: fieldError(field) ?? serverError,
  };
}

export type BoundTextFieldProps = FieldBinding<string> & Omit<TextFieldProps, BoundProps>;

/** A TextField bound to a string field; an `onChange` given runs after the field has taken the value. */
export function BoundTextField({ field, serverError, onServerErrorClear, onChange, ...rest }: BoundTextFieldProps) {
  return (
    <TextField
      {...rest}
      {...bindingProps({ field, serverError, onServerErrorClear })}
      value={field.state.value}
      onChange={(event) => {
        changeField(field, event.target.value);
        onChange?.(event);
      }}
    />
  );
}

export type BoundMaskedFieldProps = FieldBinding<string> & Omit<MaskedFieldProps, BoundProps | 'onValueChange'>;

/** A MaskedField bound to a field holding the raw digits. */
export function BoundMaskedField({ field, serverError, onServerErrorClear, ...rest }: BoundMaskedFieldProps) {
  return (
    <MaskedField
      {...rest}
      {...bindingProps({ field, serverError, onServerErrorClear })}
      value={field.state.value}
      onValueChange={(raw) => changeField(field, raw)}
    />
  );
}

export type BoundCheckboxFieldProps<Value extends boolean> = FieldBinding<Value> &
  Omit<CheckboxFieldProps, BoundProps | 'checked' | 'onChange'>;

/** A CheckboxField bound to a boolean field (generic: a consent schema types its value as the literal true). */
export function BoundCheckboxField<Value extends boolean>({
  field,
  serverError,
  onServerErrorClear,
  ...rest
}: BoundCheckboxFieldProps<Value>) {
  return (
    <CheckboxField
      {...rest}
      {...bindingProps({ field, serverError, onServerErrorClear })}
      checked={field.state.value === true}
      onChange={(event) => changeField(field, event.target.checked)}
    />
  );
}
