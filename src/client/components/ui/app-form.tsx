import type { ChangeEvent } from 'react';
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import { CheckboxField, type CheckboxFieldProps } from './checkbox-field.tsx';
import { changeField, fieldError } from './form-bindings.ts';
import { MaskedField, type MaskedFieldProps } from './masked-field.tsx';
import { RadioGroup, type RadioGroupProps } from './radio-group.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';
import { TextareaField, type TextareaFieldProps } from './textarea-field.tsx';

// The app's form hook (TanStack Form's createFormHook): `useAppForm` is `useForm` whose fields come
// with our controls pre-bound and typed by the field's value —
//   <form.AppField name="email">{(field) => <field.TextField label="E-mail" />}</form.AppField>
// TextField, TextareaField and MaskedField bind string fields, CheckboxField a boolean one,
// RadioGroupField a choice (null until made); each takes its name,
// value, blur and error from the field, and a server message from `useServerErrors`.

export const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

export interface ServerErrorBinding {
  /** A server message for this field, shown while the field has no error of its own. */
  serverError?: string | undefined;
  /** Clears `serverError` when the user comes back to the field (portal.md §8: cleared on focus). */
  onServerErrorClear?: (() => void) | undefined;
}

/** The props a bound control takes from its field, so they are wired the same way in every form. */
type BoundProps = 'name' | 'value' | 'onBlur' | 'onFocus' | 'error';

/** The field in context, with the props every control takes from it. */
function useBoundField<Value>({ serverError, onServerErrorClear }: ServerErrorBinding) {
  const field = useFieldContext<Value>();
  const bound = {
    name: field.name,
    onBlur: field.handleBlur,
    onFocus: onServerErrorClear ? () => onServerErrorClear() : undefined,
    error: fieldError(field) ?? serverError,
  };
  return { field, bound };
}

/** A text input's or textarea's props bound to a string field; an `onChange` given runs after the field has taken the value. */
function useTextBinding<Element extends HTMLInputElement | HTMLTextAreaElement>(
  binding: ServerErrorBinding,
  onChange: ((event: ChangeEvent<Element>) => void) | undefined,
) {
  const { field, bound } = useBoundField<string>(binding);
  return {
    ...bound,
    value: field.state.value,
    onChange: (event: ChangeEvent<Element>) => {
      changeField(field, event.target.value);
      onChange?.(event);
    },
  };
}

export type AppTextFieldProps = ServerErrorBinding & Omit<TextFieldProps, BoundProps>;

/** A TextField bound to a string field. */
function AppTextField({ serverError, onServerErrorClear, onChange, ...rest }: AppTextFieldProps) {
  return <TextField {...rest} {...useTextBinding({ serverError, onServerErrorClear }, onChange)} />;
}

export type AppTextareaFieldProps = ServerErrorBinding & Omit<TextareaFieldProps, BoundProps>;

/** A TextareaField bound to a string field. */
function AppTextareaField({ serverError, onServerErrorClear, onChange, ...rest }: AppTextareaFieldProps) {
  return <TextareaField {...rest} {...useTextBinding({ serverError, onServerErrorClear }, onChange)} />;
}

export type AppMaskedFieldProps = ServerErrorBinding & Omit<MaskedFieldProps, BoundProps | 'onValueChange'>;

/** A MaskedField bound to a field holding the raw digits. */
function AppMaskedField({ serverError, onServerErrorClear, ...rest }: AppMaskedFieldProps) {
  const { field, bound } = useBoundField<string>({ serverError, onServerErrorClear });
  return (
    <MaskedField {...rest} {...bound} value={field.state.value} onValueChange={(raw) => changeField(field, raw)} />
  );
}

export type AppCheckboxFieldProps = ServerErrorBinding & Omit<CheckboxFieldProps, BoundProps | 'checked' | 'onChange'>;

/** A CheckboxField bound to a boolean field (a consent schema may type its value as the literal true). */
function AppCheckboxField({ serverError, onServerErrorClear, ...rest }: AppCheckboxFieldProps) {
  const { field, bound } = useBoundField<boolean>({ serverError, onServerErrorClear });
  return (
    <CheckboxField
      {...rest}
      {...bound}
      checked={field.state.value === true}
      onChange={(event) => changeField(field, event.target.checked)}
    />
  );
}

export type AppRadioGroupFieldProps<Value extends string | number> = ServerErrorBinding &
  Omit<RadioGroupProps<Value>, BoundProps | 'onChange'> & {
    /** The radios' name when it is not the field's. */
    name?: string;
    /** Runs after the field has taken the chosen value. */
    onChange?: (value: Value) => void;
  };

/** A RadioGroup bound to a field holding the chosen value, null until a choice is made. */
function AppRadioGroupField<Value extends string | number>({
  serverError,
  onServerErrorClear,
  onChange,
  ...rest
}: AppRadioGroupFieldProps<Value>) {
  const { field, bound } = useBoundField<Value | null>({ serverError, onServerErrorClear });
  return (
    <RadioGroup
      {...bound}
      {...rest}
      value={field.state.value}
      onChange={(value) => {
        changeField(field, value);
        onChange?.(value);
      }}
    />
  );
}

export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: AppTextField,
    TextareaField: AppTextareaField,
    MaskedField: AppMaskedField,
    CheckboxField: AppCheckboxField,
    RadioGroupField: AppRadioGroupField,
  },
  formComponents: {},
});
