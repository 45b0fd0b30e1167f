import { useRef, useState } from 'react';
import { useSelector } from '@tanstack/react-form';
import { useAppForm } from './app-form.tsx';
import { saveFailureText } from './save-failure.ts';

type TextValues = Record<string, string>;

/** Spaces around a value are no change (the server trims them). */
function sameTrimmed<Values extends TextValues>(a: Values, b: Values): boolean {
  return Object.keys(a).every((key) => a[key]?.trim() === b[key]?.trim());
}

export interface SaveOutcome<Values> {
  /** The server's text, shown in the message popup. */
  message: string;
  /** The values as now saved: the form holds them, and 'Сохранить' waits for a change to them. */
  saved: Values;
}

/**
 * A form over saved values (Настройки, a KAVO ID profile; cabinet.md §4): 'Сохранить' only when
 * something changed; after a save the form holds what was saved and the popup says so; on a failure
 * it goes back to the saved values and 'Ошибка' says why (cabinet.md §8).
 */
export function useSavedValuesForm<Values extends TextValues>(
  initial: Values,
  save: (values: Values) => Promise<SaveOutcome<Values>>,
) {
  const [saved, setSaved] = useState(initial);
  const [message, setMessage] = useState<{ title: string; text?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: saved,
    onSubmit: async ({ value, formApi }) => {
      try {
        const outcome = await save(value);
        setSaved(outcome.saved);
        formApi.reset(outcome.saved);
        setMessage({ title: outcome.message });
      } catch (caught) {
        formApi.reset(saved);
        setMessage({ title: 'Ошибка', text: saveFailureText(caught) });
      }
    },
  });
  const values = useSelector(form.store, (state) => state.values);
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  return {
    form,
    formRef,
    message,
    closeMessage: () => setMessage(null),
    /** 'Сохранить' is off: nothing changed, or the save is under way. */
    saveDisabled: sameTrimmed(values, saved) || submitting,
    submitting,
  };
}
