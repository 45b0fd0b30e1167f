import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner, keeps the width, sets aria-busy and ignores clicks (also implicit form submits). */
  loading?: boolean;
  /** Full width of its container. */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** Class names of a button look, for links that must look like buttons (`<a className={buttonClassName('primary')}>`). */
export function buttonClassName(variant: ButtonVariant = 'primary', block = false): string {
  return [styles.button, styles[variant], block ? styles.block : ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  loading = false,
  block = false,
  type = 'button',
  className,
  children,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={[buttonClassName(variant, block), loading ? styles.loading : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
    >
      <span className={styles.label}>{children}</span>
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
    </button>
  );
}

export type CloseButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>;

/** The round '×' button of dialogs and panels, named 'Закрыть' for screen readers. */
export function CloseButton({ className, ...rest }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label="Закрыть"
      {...rest}
      className={[styles.close, className ?? ''].filter(Boolean).join(' ')}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
