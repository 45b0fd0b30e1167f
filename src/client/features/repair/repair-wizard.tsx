import { useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { AddressStep } from './address-step.tsx';
import { dropDraft, GUEST_DRAFT, loadDraft, saveDraft } from './draft.ts';
import { EquipmentStep } from './equipment-step.tsx';
import { StepRow, STEPS, type Step } from './step-row.tsx';
import { useQueuedTicket, type QueuedRequest } from './use-queued-ticket.ts';
import { WizardContact } from './wizard-contact.tsx';
import { useEmailConfirmation } from './use-email-confirmation.ts';
import { useRequestSending } from './use-request-sending.ts';
import { OnBehalfNote, ResumePrompt, SentScreen } from './wizard-screens.tsx';
import { useRepairSheet, type RequestClinic } from './repair-sheet-store.ts';
import type { WizardUser } from './step-props.ts';
import { errorsAfterChange, initialValues, stepErrors, type WizardErrors, type WizardValues } from './wizard-values.ts';
import styles from './repair.module.css';

// The repair request wizard (portal.md §2.1): three steps and the sent screen. Back keeps what was
// entered; Next checks the step with the shared contract's rules; the request goes with an
// Idempotency-Key made when 'Отправить заявку' is pressed, kept for its retries. What is entered is
// kept on the device as a draft until it is sent; with no network the service worker keeps the
// request itself and sends it later (the 'queued' screen). A guest (portal.md §2.1, §6) is offered
// the login first, types the contact, proves the e-mail with a mailed code, and the request makes
// the account (docs/api.md, the guest endpoints); its draft is its own, never an account's.

export interface RepairWizardProps {
  /** null: a guest, who may log in first or send the request and get an account with it (portal.md §2.1, §6). */
  user: WizardUser | null;
  /**
   * 'Оставить заявку от имени клиники' (issue 41): the clinic that gave the user access to its
   * tickets; the request is sent with its `for_client_id` and lands in its tickets. Absent: the user's own.
   */
  forClinic?: RequestClinic | null;
  /** Log in and go on with the request here: the guest's offer, or an address that has an account (filled in). */
  onLogin: (email?: string) => void;
  /** 'Забыли пароль?' for a guest's address that has an account. */
  onForgotPassword: (email: string) => void;
  /** The guest's sent screen's 'Войти': the account just made, its password mailed to `email`. */
  onNewAccountLogin: (email: string) => void;
  /** After the sent screen's link. */
  onDone: () => void;
  /** Told whether anything has been entered (the sheet asks before it closes then). */
  onEntriesChange?: (hasEntries: boolean) => void;
  /** The account changed on the server (its e-mail was confirmed): the user data should be fetched again. */
  onAccountChange?: () => void;
}

/**
 * The wizard of whoever is here. A login mid-way (from the guest's offer) starts the account's own
 * wizard afresh: the key keeps the guest's entries out of it.
 */
export function RepairWizard(props: RepairWizardProps) {
  return <Wizard key={`${props.user?.id ?? GUEST_DRAFT}/${props.forClinic?.id ?? ''}`} {...props} />;
}

type WizardHostProps = Omit<RepairWizardProps, 'onEntriesChange' | 'onAccountChange' | 'forClinic'> & {
  forClinic?: RequestClinic | null | undefined;
  onEntriesChange?: ((hasEntries: boolean) => void) | undefined;
  onAccountChange?: (() => void) | undefined;
};

/** Reads the draft first: one left from before is offered back ('Продолжить заявку?'). */
function Wizard(props: WizardHostProps) {
  const { user, onEntriesChange } = props;
  const owner = user?.id ?? GUEST_DRAFT;
  const forClientId = props.forClinic?.id ?? null;
  // A draft made for another clinic (or for the user's own) is not this request's: not offered here.
  const stored = useRemote(
    () => loadDraft(owner).then((saved) => (saved && (saved.forClientId ?? null) === forClientId ? saved : null)),
    `${owner}/${forClientId}`,
  );
  const draft = stored.data;
  const [asking, setAsking] = useState(true);

  if (stored.loading) return <div className={styles.wizard} aria-busy="true" />;
  if (draft !== null && asking) {
    return (
      <ResumePrompt
        savedAt={draft.savedAt}
        onContinue={() => {
          setAsking(false);
          onEntriesChange?.(true);
        }}
        onRestart={() => {
          void dropDraft(owner);
          stored.update(() => null);
        }}
      />
    );
  }
  // A request for a clinic is in its name: 'Название клиники' starts as the clinic's.
  const fresh = { ...initialValues(user), ...(props.forClinic ? { company: props.forClinic.company } : {}) };
  // The steps take these once, when they mount: later changes of the account's data do not reset them.
  // A guest who goes on with a draft has chosen already: no login offer over it.
  return (
    <WizardSteps
      {...props}
      initialStep={draft?.step ?? 1}
      initialValues={draft ? { ...fresh, ...draft.values } : fresh}
      offerLogin={user === null && draft === null}
    />
  );
}

function WizardSteps({
  user,
  forClinic,
  onLogin,
  onForgotPassword,
  onNewAccountLogin,
  onDone,
  onEntriesChange,
  onAccountChange,
  initialStep,
  initialValues: startValues,
  offerLogin,
}: WizardHostProps & { initialStep: Step; initialValues: WizardValues; offerLogin: boolean }) {
  const owner = user?.id ?? GUEST_DRAFT;
  const [step, setStep] = useState<Step | 'sent' | 'queued'>(initialStep);
  const [values, setValues] = useState<WizardValues>(startValues);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [ticketId, setTicketId] = useState<number | null>(null);
  const [queued, setQueued] = useState<QueuedRequest | null>(null);
  /** A guest's step 1 lies under the login offer until 'Продолжить без регистрации'. */
  const [offering, setOffering] = useState(offerLogin);
  const email = useEmailConfirmation(user, onAccountChange);
  const forClientId = forClinic?.id ?? null;
  const sending = useRequestSending(user, setErrors, forClientId);
  const top = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  /**
   * The values and step as they are now, between renders too: a change that comes later (an address
   * check's answer, an upload) builds on them, not on the render it was asked from.
   */
  const latest = useRef({ step, values });

  // Every change is on the device at once: a killed app loses nothing typed.
  const remember = (nextStep: Step, nextValues: WizardValues) =>
    void saveDraft(owner, { savedAt: Date.now(), step: nextStep, values: nextValues, forClientId });

  useQueuedTicket(queued, (sentTicketId) => {
    setTicketId(sentTicketId);
    latest.current = { ...latest.current, step: 'sent' };
    setStep('sent');
  });

  const change = (patch: Partial<WizardValues>) => {
    const before = latest.current.values;
    const next = { ...before, ...patch };
    latest.current = { ...latest.current, values: next };
    setValues(next);
    setErrors((shown) => errorsAfterChange(shown, before, next, user));
    const at = latest.current.step;
    if (at !== 'sent' && at !== 'queued') remember(at, next);
    sending.changed();
    onEntriesChange?.(true);
  };
  const go = (next: Step | 'sent' | 'queued', shownErrors: WizardErrors = {}) => {
    latest.current = { ...latest.current, step: next };
    setStep(next);
    setErrors(shownErrors);
    const aStep = next !== 'sent' && next !== 'queued';
    if (aStep) remember(next, latest.current.values);
    top.current?.scrollIntoView({ block: 'start' });
    if (Object.keys(shownErrors).length > 0) focusFirstInvalid(top.current);
    // The pressed 'Далее' or 'Назад' is gone with its step: the new step's title takes the focus (and
    // is read), else it fell to the page's start and the keyboard began again from the header.
    else if (aStep) title.current?.focus({ preventScroll: true });
  };
  /** Checks the step; what is wrong is shown, and the first field with a message is brought into sight and focused. */
  const next = (current: Step) => {
    const found = stepErrors(current, values, user);
    setErrors(found);
    const passed = Object.keys(found).length === 0;
    if (!passed) focusFirstInvalid(top.current);
    return passed;
  };

  /** Step 1's 'Далее': an unproven e-mail (an account's, or the one a guest typed) gets a code first (portal.md §2.1). */
  const leaveContact = async () => {
    if (next(1) && (await email.ask(values.email))) go(2);
  };

  const send = async () => {
    if (!next(3)) return;
    const outcome = await sending.send(values);
    if ('failure' in outcome) {
      // A guest's e-mail the server no longer takes (its confirmation ran out, or it has an account
      // now): back to step 1, where the code or the login is.
      if (user === null && ('contact.email' in outcome.fields || outcome.status === 409)) {
        email.forget(outcome.status === 409);
        go(1, outcome.status === 409 ? {} : outcome.fields);
      } else if (Object.keys(outcome.fields).length > 0) focusFirstInvalid(top.current);
      return;
    }
    await dropDraft(owner);
    onEntriesChange?.(false);
    if (outcome.queued) setQueued(outcome.queued);
    else {
      setTicketId(outcome.ticketId);
      useRepairSheet.getState().markSent();
    }
    go(outcome.queued ? 'queued' : 'sent');
  };

  if (step === 'sent' || step === 'queued') {
    /** The guest's address as the server keeps it (trimmed, lower case: src/shared/validation/fields.ts). */
    const guestEmail = values.email.trim().toLowerCase();
    return (
      <SentScreen
        ticketId={ticketId}
        queuedMessage={step === 'queued' ? queued?.message : undefined}
        onDone={onDone}
        guest={user === null ? { email: guestEmail, onLogin: () => onNewAccountLogin(guestEmail) } : undefined}
      />
    );
  }

  const props = { user, values, errors, change };
  return (
    <div ref={top} className={styles.wizard}>
      {forClinic ? <OnBehalfNote company={forClinic.company} /> : null}
      <StepRow step={step} />
      <p className={styles.stepCount}>
        Шаг {step} из {STEPS.length}
      </p>
      <h3 ref={title} tabIndex={-1} className={styles.stepTitle}>
        {STEPS[step - 1]}
      </h3>
      {step === 1 ? (
        <WizardContact
          {...props}
          email={email}
          offering={offering}
          onContinueAsGuest={() => setOffering(false)}
          onCodeEntered={async (code) => {
            await email.enter(code);
            go(2);
          }}
          onLogin={onLogin}
          onForgotPassword={onForgotPassword}
        />
      ) : null}
      {step === 2 ? <AddressStep {...props} /> : null}
      {step === 3 ? <EquipmentStep {...props} /> : null}
      <FormMessage tone="error">{sending.failure ?? email.failure}</FormMessage>
      {step === 1 && offering ? null : (
        <div className={styles.navigation}>
          {step > 1 ? (
            <Button variant="secondary" onClick={() => go((step - 1) as 1 | 2)}>
              Назад
            </Button>
          ) : null}
          {step === 1 && email.codeInfo === undefined ? (
            <Button onClick={() => void leaveContact()}>Далее</Button>
          ) : null}
          {step === 2 ? <Button onClick={() => next(2) && go(3)}>Далее</Button> : null}
          {step === 3 ? (
            <Button onClick={() => void send()} loading={sending.sending}>
              Отправить заявку
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
