import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import fieldStyles from './field.module.css';
import styles from './textarea-field.module.css';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  /** The message under the field (validation or server); marks it aria-invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with its hint and error below, styled like TextField. */
export function TextareaField({ label, error, hint, id, className, ref, rows = 4, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const inputId = id ?? `textarea-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={[fieldStyles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={fieldStyles.label} htmlFor={inputId}>
        {label}
      </label>
      <textarea
        {...rest}
        ref={ref}
        id={inputId}
        rows={rows}
        className={`${fieldStyles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      <p id={errorId} className={fieldStyles.error} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
