import { useSelector, type AnyFormApi } from '@tanstack/react-form';
import { Button, type ButtonProps } from './button.tsx';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'loading' | 'form'> {
  /** The TanStack form this button submits (not the HTML form-id attribute); the spinner follows its isSubmitting. */
  form: AnyFormApi;
}

/** A full-width submit button that follows its form's isSubmitting (re-renders alone, as form.Subscribe would). */
export function SubmitButton({ form, block = true, ...rest }: SubmitButtonProps) {
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  return <Button {...rest} type="submit" block={block} loading={submitting} />;
}
