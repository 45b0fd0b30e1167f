import { useId, type ReactNode } from 'react';
import styles from './radio-group.module.css';

export interface RadioOption<Value extends string | number> {
  value: Value;
  /** The option's label; may hold a picture and several lines (a gift card). */
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<Value extends string | number> {
  /** The group's name for screen readers and on screen (a fieldset legend). */
  legend: ReactNode;
  /** Keep the legend for screen readers only (the popup's heading already says it). */
  hideLegend?: boolean;
  name: string;
  options: readonly RadioOption<Value>[];
  value: Value | null;
  onChange: (value: Value) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** The message under the group; marks it invalid and is read with it. */
  error?: string | undefined;
  className?: string;
}

/** Focuses the first enabled radio of the first invalid group inside `container` (after a failed submit). */
export function focusFirstInvalidRadio(container: HTMLElement | null): void {
  setTimeout(() => {
    container?.querySelector<HTMLElement>('[role="radiogroup"][aria-invalid="true"] input:not(:disabled)')?.focus();
  }, 0);
}

/**
 * Native radios in a fieldset: arrow keys move between the options, the legend names the group,
 * the error is linked to it. Every option row is at least 44 px tall and wholly tappable.
 */
export function RadioGroup<Value extends string | number>({
  legend,
  hideLegend = false,
  name,
  options,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  className,
}: RadioGroupProps<Value>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      // radiogroup (not the fieldset's implicit group) is the role that may be marked invalid.
      role="radiogroup"
      className={[styles.group, error ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={String(option.value)} className={styles.option}>
              <input
                id={optionId}
                type="radio"
                name={name}
                className={styles.radio}
                value={String(option.value)}
                checked={value === option.value}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
                onFocus={onFocus}
              />
              <label htmlFor={optionId} className={styles.label}>
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      <p id={errorId} className={styles.error} aria-live="polite">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
