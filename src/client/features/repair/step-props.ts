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
