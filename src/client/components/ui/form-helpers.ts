import { useCallback, useState } from 'react';

/**
 * The text of a field's first error. TanStack Form keeps validator results as they came: strings
 * from function validators, Standard Schema issues ({ message }) from valibot schemas.
 */
export function errorText(errors: readonly unknown[] | undefined): string | undefined {
  for (const error of errors ?? []) {
    if (typeof error === 'string' && error !== '') return error;
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
      return error.message;
  }
  return undefined;
}

/**
 * Server errors shown under fields until the user focuses that field again (portal.md §8:
 * "a server e-mail error under the e-mail field, cleared on focus").
 */
export function useServerErrors<Field extends string>() {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const show = useCallback((next: Partial<Record<Field, string>>) => setErrors(next), []);
  const clear = useCallback(
    (field: Field) =>
      setErrors((current) => {
        if (current[field] === undefined) return current;
        const next = { ...current };
        delete next[field];
        return next;
      }),
    [],
  );
  const clearAll = useCallback(() => setErrors({}), []);
  /** A field's error and its clear-on-focus, to spread into a bound field (`<field.TextField {...server.forField(name)} />`). */
  const forField = (field: Field) => ({ serverError: errors[field], onServerErrorClear: () => clear(field) });
  return { errors, show, clear, clearAll, forField };
}

/**
 * Brings the first invalid control inside `container` into sight and moves focus to it, once React
 * has rendered the messages: a press that only shows a message off screen, with focus left on the
 * button, seems to do nothing. The control is centred, so its label and the message under it show
 * too; a radio group gives focus to its chosen radio, else its first enabled one. Every form on
 * BoundForm gets this on a refused submit; the repair forms, which keep their own state, call it.
 */
export function focusFirstInvalid(container: HTMLElement | null): void {
  setTimeout(() => {
    const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)');
    if (!invalid) return;
    const target =
      invalid.getAttribute('role') === 'radiogroup'
        ? (invalid.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
          invalid.querySelector<HTMLElement>('input:not(:disabled)'))
        : invalid;
    if (!target) return;
    invalid.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }, 0);
}

/**
 * Brings the first invalid control's message into view and focuses the message itself (it is read
 * out), once React has rendered it: a server message under a field far down a long form is
 * otherwise off screen and the tap seems to do nothing. Not the control: focusing it
 * would clear a server message (portal.md §8).
 */
export function revealFirstMessage(container: HTMLElement | null): void {
  setTimeout(() => {
    const control = container?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
    const messageId = control
      ?.getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    const message = messageId ? document.getElementById(messageId) : null;
    if (!message) return;
    message.tabIndex = -1;
    message.scrollIntoView({ block: 'center' });
    message.focus();
  }, 0);
}
