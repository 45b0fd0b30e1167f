import type { ChangeEvent } from 'react';
import type { WizardErrors, WizardValues } from './wizard-values.ts';

/** The logged-in clinic, as the wizard needs it. */
export interface WizardUser {
  id: number;
  name: string;
  surname: string;
  email: string;
  phone: string | null;
  company: string | null;
  /** Both consents were given with an earlier request: not asked again. */
  consents_given?: boolean;
  /** False: the mailbox is not proven yet, and step 1 asks for a mailed code (portal.md §2.1). */
  email_confirmed?: boolean;
}

/** What every step gets: who sends, the values, the errors shown, and a way to change some values. */
export interface StepProps {
  /** The logged-in clinic; null for a guest, who types the contact and has no saved addresses or uploads. */
  user: WizardUser | null;
  values: WizardValues;
  errors: WizardErrors;
  change: (patch: Partial<WizardValues>) => void;
}

/** The wizard's plain text values, each typed into one field of its own. */
type TextValue = 'name' | 'surname' | 'email' | 'company' | 'country' | 'zip' | 'room' | 'message';

/**
 * A text field bound to one wizard value: its name, value, change and the error the server's or
 * the check's `section.name` path gives it (e.g. 'contact.name', 'address.zip').
 */
export function boundText({ values, errors, change }: StepProps, section: 'contact' | 'address', key: TextValue) {
  return {
    name: key,
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change({ [key]: event.target.value }),
    error: errors[`${section}.${key}`],
  };
}
