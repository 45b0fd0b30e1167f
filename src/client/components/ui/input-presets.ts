import type { TextFieldProps } from './text-field.tsx';

/**
 * Props of every e-mail input: the e-mail keyboard, and no auto-capitalisation or spell-check,
 * which would change or underline the address on phones. Spread first, so a form can override.
 */
export const emailInput = {
  label: 'Эл. почта',
  type: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const satisfies Partial<TextFieldProps>;

/** Props of every password input: hidden text with the 'Показать' toggle (autoComplete differs per form). */
export const passwordInput = {
  type: 'password',
  revealable: true,
} as const satisfies Partial<TextFieldProps>;
