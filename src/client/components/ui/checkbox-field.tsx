import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './field.module.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  /** The label; may hold links (the consent text links to /privacy). */
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox in a 44 px tall tap row that is all its label, and an error line (aria-describedby). */
export function CheckboxField({ label, error, id, className, ref, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? `checkbox-${autoId}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      {/* The whole row is the label: a tap beside the words (its padding, the gap by the box) ticks it
          too; links inside still open what they name, as interactive content does not pass a click on. */}
      <label htmlFor={inputId} className={styles.checkboxRow}>
        <input
          {...rest}
          ref={ref}
          id={inputId}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span className={styles.checkboxLabel}>{label}</span>
      </label>
      <p id={errorId} className={styles.error} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
