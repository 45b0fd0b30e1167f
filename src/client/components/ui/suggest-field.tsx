import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLatestOnly } from '#client/lib/use-latest-only.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';
import styles from './suggest-field.module.css';

// A text field with suggestions from the server, as a combobox (WAI-ARIA 1.2, list autocomplete):
// asked for after a pause in typing (cabinet.md §9: 300 ms, from 2 characters), chosen with the
// arrows and Enter or a tap, closed with Escape, and hidden a moment after the field loses focus so
// that a tap on a suggestion still lands.

export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_HIDE_DELAY_MS = 150;

export interface SuggestFieldProps<Option> extends Omit<TextFieldProps, 'value' | 'onChange' | 'role'> {
  value: string;
  onValueChange: (text: string) => void;
  /** The suggestions for a query; a rejection shows `failureMessage`. */
  fetchSuggestions: (query: string) => Promise<readonly Option[]>;
  optionLabel: (option: Option) => string;
  onPick: (option: Option) => void;
  /** Called when the field is left without a pick (e.g. to check what was typed). */
  onLeave?: (text: string) => void;
  minChars?: number;
  emptyMessage: string;
  failureMessage: string;
}

type ListState<Option> =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'options'; options: readonly Option[] }
  | { kind: 'message'; text: string; tone: 'muted' | 'error' };

export function SuggestField<Option>({
  value,
  onValueChange,
  fetchSuggestions,
  optionLabel,
  onPick,
  onLeave,
  minChars = 2,
  emptyMessage,
  failureMessage,
  onBlur,
  onFocus,
  ...field
}: SuggestFieldProps<Option>) {
  const listId = useId();
  const [list, setList] = useState<ListState<Option>>({ kind: 'closed' });
  const [active, setActive] = useState(-1);
  const request = useLatestOnly();
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const picked = useRef(false);

  useEffect(
    () => () => {
      clearTimeout(debounce.current);
      clearTimeout(hide.current);
    },
    [],
  );

  const close = () => {
    request.drop(); // an answer still on its way is no longer wanted
    clearTimeout(debounce.current);
    setList({ kind: 'closed' });
    setActive(-1);
  };

  const ask = (query: string) => {
    const isLatest = request.begin();
    setList({ kind: 'loading' });
    fetchSuggestions(query).then(
      (options) => {
        if (!isLatest()) return;
        setList(
          options.length > 0 ? { kind: 'options', options } : { kind: 'message', text: emptyMessage, tone: 'muted' },
        );
        setActive(-1);
      },
      () => {
        if (isLatest()) setList({ kind: 'message', text: failureMessage, tone: 'error' });
      },
    );
  };

  const change = (text: string) => {
    picked.current = false;
    onValueChange(text);
    clearTimeout(debounce.current);
    if (text.trim().length < minChars) {
      close();
      return;
    }
    debounce.current = setTimeout(() => ask(text.trim()), SUGGEST_DEBOUNCE_MS);
  };

  const pick = (option: Option) => {
    picked.current = true;
    close();
    onPick(option);
  };

  const options = list.kind === 'options' ? list.options : [];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && list.kind !== 'closed') {
      event.preventDefault();
      close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' && active >= 0 && options[active] !== undefined) {
      event.preventDefault(); // a pick, not the form's submit
      pick(options[active]);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const open = list.kind !== 'closed';
  return (
    <div className={styles.wrapper}>
      <TextField
        {...field}
        value={value}
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- The ARIA combobox pattern (a text field with its own styled list of suggestions), which no native element offers.
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          clearTimeout(hide.current);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          hide.current = setTimeout(() => {
            close();
            if (!picked.current) onLeave?.(event.target.value);
          }, SUGGEST_HIDE_DELAY_MS);
        }}
      />
      <div
        id={listId}
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- The ARIA combobox pattern (a text field with its own styled list of suggestions), which no native element offers.
        role="listbox"
        aria-label={typeof field.label === 'string' ? `${field.label}: подсказки` : 'Подсказки'}
        className={styles.list}
        hidden={!open}
      >
        {list.kind === 'loading' ? <div className={styles.message}>Загрузка…</div> : null}
        {list.kind === 'message' ? (
          <output className={list.tone === 'error' ? styles.error : styles.message}>{list.text}</output>
        ) : null}
        {options.map((option, index) => (
          <div
            key={`${index}-${optionLabel(option)}`}
            id={optionId(index)}
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- The ARIA combobox pattern (a text field with its own styled list of suggestions), which no native element offers.
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={styles.option}
            // mousedown, not click: the field keeps focus, so its blur does not close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            {optionLabel(option)}
          </div>
        ))}
      </div>
    </div>
  );
}
