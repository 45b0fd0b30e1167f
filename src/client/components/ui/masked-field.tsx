import {
  useLayoutEffect,
  useReducer,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type InputHTMLAttributes,
  type Ref,
} from 'react';
import { CODE_DIGITS, CODE_PLACEHOLDER, formatCode, sanitizeCode } from '#shared/format/code-mask.ts';
import { PHONE_PLACEHOLDER, formatPhone, sanitizePhone } from '#shared/format/phone-mask.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export interface MaskSpec {
  /** Raw digits → what the input shows. */
  format(raw: string): string;
  /** Any typed or pasted text → raw digits. */
  parse(text: string): string;
  /** Pasted text that should replace the whole value, or null to insert it at the caret. */
  parsePaste(text: string, current: string): string | null;
  placeholder: string;
  inputMode: 'tel' | 'numeric';
  autoComplete: string;
}

const countDigits = (text: string) => text.replace(/\D/g, '').length;

export const phoneMask: MaskSpec = {
  format: formatPhone,
  parse: sanitizePhone,
  // A whole number pasted anywhere ('8 912 345-67-89', '+79123456789') replaces the value.
  parsePaste: (text, current) => (countDigits(text) >= 10 || current === '' ? sanitizePhone(text) : null),
  placeholder: PHONE_PLACEHOLDER,
  inputMode: 'tel',
  autoComplete: 'tel',
};

export const codeMask: MaskSpec = {
  format: formatCode,
  parse: sanitizeCode,
  parsePaste: (text, current) => (countDigits(text) >= CODE_DIGITS || current === '' ? sanitizeCode(text) : null),
  placeholder: CODE_PLACEHOLDER,
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
};

const MASKS = { phone: phoneMask, code: codeMask } as const;

/** Index in `display` just after its `digits`-th digit (0 → start). */
function caretAfterDigits(display: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < display.length; i += 1) {
    if (/\d/.test(display[i] ?? '')) {
      seen += 1;
      if (seen === digits) return i + 1;
    }
  }
  return display.length;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'size'>;

export interface MaskedFieldProps extends InputProps, Pick<TextFieldProps, 'label' | 'error' | 'hint'> {
  mask: 'phone' | 'code' | MaskSpec;
  /** Raw digits: '79123456789' for a phone, '1234' for a code. */
  value: string;
  onValueChange(raw: string): void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A controlled masked input. The value is the raw digits; the input shows them through the mask.
 * The caret stays after the digit it followed, Backspace over a literal removes the digit before
 * it, and a pasted whole number ('8 912 345-67-89') is sanitised instead of appended.
 */
export function MaskedField({ mask, value, onValueChange, onPaste, ref, ...rest }: MaskedFieldProps) {
  const spec = typeof mask === 'string' ? MASKS[mask] : mask;
  const display = spec.format(value);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const [renderTick, rerender] = useReducer((n: number) => n + 1, 0);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input && caret !== null && input.ownerDocument.activeElement === input) {
      input.setSelectionRange(caret, caret);
    }
  }, [display, renderTick]);

  const setRefs = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const commit = (raw: string, caretDigits: number) => {
    const next = spec.format(raw);
    pendingCaret.current = caretAfterDigits(next, Math.min(Math.max(caretDigits, 0), countDigits(next)));
    if (raw !== value) onValueChange(raw);
    // Also when nothing changed (a letter typed): React restores the old text, the caret must follow.
    rerender();
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    const caret = event.currentTarget.selectionStart ?? text.length;
    const inputType = (event.nativeEvent as Partial<InputEvent>).inputType ?? '';
    const digitsBefore = countDigits(text.slice(0, caret));
    let raw = spec.parse(text);

    if (raw === value && text.length < display.length) {
      // Only a literal ('(', ' ', '-') was deleted: delete the neighbouring digit instead.
      const index = inputType === 'deleteContentForward' ? digitsBefore : digitsBefore - 1;
      if (index >= 0 && index < value.length) {
        raw = spec.parse(value.slice(0, index) + value.slice(index + 1));
        if (raw === value && raw.length <= 1) raw = '';
        commit(raw, index);
        return;
      }
    }
    // Normalising may add digits in front (the 7 of a phone typed as '9…'): keep the caret after the typed ones.
    const added = Math.max(0, raw.length - countDigits(text));
    commit(raw, digitsBefore + added);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    if (event.defaultPrevented) return;
    const input = event.currentTarget;
    const wholeSelected = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    const text = event.clipboardData.getData('text');
    const raw = spec.parsePaste(text, wholeSelected ? '' : value);
    if (raw === null) return;
    event.preventDefault();
    commit(raw, raw.length);
  };

  return (
    <TextField
      placeholder={spec.placeholder}
      inputMode={spec.inputMode}
      autoComplete={spec.autoComplete}
      {...rest}
      ref={setRefs}
      type={spec.inputMode === 'tel' ? 'tel' : 'text'}
      value={display}
      onChange={handleChange}
      onPaste={handlePaste}
    />
  );
}
