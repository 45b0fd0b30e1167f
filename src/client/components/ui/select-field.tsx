import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice ('Выберите …'); none when every option is a real one. */
  placeholder?: string;
  /** The message under the select; marks it aria-invalid and describes it. */
  error?: string | undefined;
}

/** A labelled native select with its error below, styled and wired like TextField. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  required,
  id,
  className,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const errorId = `${selectId}-error`;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={selectId} data-required={required || undefined}>
        {label}
      </label>
      <select
        {...rest}
        id={selectId}
        required={required}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={errorId} className={styles.error} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
