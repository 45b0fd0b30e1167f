import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** The message under the input (validation or server); marks the input aria-invalid. */
  error?: string | undefined;
  /** A note under the input, read with it (aria-describedby). */
  hint?: ReactNode;
  /** The field must be filled: a star after the label says so, and the input is aria-required (native `required`; the forms are noValidate). */
  required?: boolean | undefined;
  /** For type="password": a 'Показать' / 'Скрыть' toggle. */
  revealable?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its error below. The error line keeps its height when empty, so
 * messages appearing on blur or from the server do not move the form. Clearing a server error on
 * focus is the caller's `onFocus` (the app form's `field.TextField` wires it from `useServerErrors`).
 */
export function TextField({
  label,
  error,
  hint,
  revealable = false,
  required,
  id,
  type = 'text',
  className,
  ref,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [hint ? hintId : '', error ? errorId : '', rest['aria-describedby'] ?? '']
    .filter(Boolean)
    .join(' ');
  const inputType = revealable && type === 'password' && revealed ? 'text' : type;

  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId} data-required={required || undefined}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          {...rest}
          ref={ref}
          id={inputId}
          type={inputType}
          required={required}
          className={[styles.input, revealable ? styles.withToggle : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {revealable && type === 'password' ? (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={revealed}
            aria-controls={inputId}
            disabled={rest.disabled}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? 'Скрыть' : 'Показать'}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <p id={errorId} className={styles.error} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
