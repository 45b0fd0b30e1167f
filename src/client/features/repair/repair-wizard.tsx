import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { createRepairRequest } from '#shared/screens/repair-requests.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CodeEntryForm } from '#client/components/ui/code-entry-form.tsx';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { LineIcon } from '#client/components/ui/icon.tsx';
import { onOutboxChange } from '#client/lib/sw-bridge.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { AddressStep } from './address-step.tsx';
import { ContactStep } from './contact-step.tsx';
import { dropDraft, GUEST_DRAFT, loadDraft, saveDraft } from './draft.ts';
import { EquipmentStep } from './equipment-step.tsx';
import { GuestOfflineNotice, GuestOverlay, RegisteredEmailNotice } from './guest-screens.tsx';
import { useEmailConfirmation } from './use-email-confirmation.ts';
import { useRequestSending } from './use-request-sending.ts';
import { OnBehalfNote, ResumePrompt, SentScreen } from './wizard-screens.tsx';
import type { RequestClinic } from './repair-sheet-store.ts';
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

const STEPS = ['Контактная информация', 'Адрес', 'Оборудование'] as const;

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

type Step = 1 | 2 | 3;

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
  // The steps take these once, when they mount: later changes of the account's data do not reset them.
  // A guest who goes on with a draft has chosen already: no login offer over it.
  return (
    <WizardSteps
      {...props}
      initialStep={draft?.step ?? 1}
      initialValues={draft ? { ...initialValues(user), ...draft.values } : initialValues(user)}
      offerLogin={user === null && draft === null}
    />
  );
}

const sentAnswer = createRepairRequest.output;

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
  const [queued, setQueued] = useState<{ message: string; outboxId: string } | null>(null);
  /** A guest's step 1 lies under the login offer until 'Продолжить без регистрации'. */
  const [offering, setOffering] = useState(offerLogin);
  const email = useEmailConfirmation(user, onAccountChange);
  const forClientId = forClinic?.id ?? null;
  const sending = useRequestSending(user, setErrors, forClientId);
  const top = useRef<HTMLDivElement>(null);
  /**
   * The values and step as they are now, between renders too: a change that comes later (an address
   * check's answer, an upload) builds on them, not on the render it was asked from.
   */
  const latest = useRef({ step, values });

  // Every change is on the device at once: a killed app loses nothing typed.
  const remember = (nextStep: Step, nextValues: WizardValues) =>
    void saveDraft(owner, { savedAt: Date.now(), step: nextStep, values: nextValues, forClientId });

  // A kept request that the worker has now sent: its ticket's number replaces the 'saved' text.
  useEffect(() => {
    if (queued === null) return;
    return onOutboxChange((entry) => {
      const answer = v.safeParse(sentAnswer, entry.result);
      if (entry.id !== queued.outboxId || entry.state !== 'done' || !answer.success) return;
      setTicketId(answer.output.ticket_id);
      latest.current = { ...latest.current, step: 'sent' };
      setStep('sent');
    });
  }, [queued]);

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
    if (next !== 'sent' && next !== 'queued') remember(next, latest.current.values);
    top.current?.scrollIntoView({ block: 'start' });
    if (Object.keys(shownErrors).length > 0) focusFirstInvalid(top.current);
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
  const emailCodeEntered = async (code: string) => {
    await email.enter(code);
    go(2);
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
    else setTicketId(outcome.ticketId);
    go(outcome.queued ? 'queued' : 'sent');
  };

  /** The guest's address as the server keeps it (trimmed, lower case: src/shared/validation/fields.ts). */
  const guestEmail = values.email.trim().toLowerCase();
  if (step === 'sent' || step === 'queued')
    return (
      <SentScreen
        ticketId={ticketId}
        queuedMessage={step === 'queued' ? queued?.message : undefined}
        onDone={onDone}
        guest={user === null ? { email: guestEmail, onLogin: () => onNewAccountLogin(guestEmail) } : undefined}
      />
    );

  const props = { user, values, errors, change };
  const askingCode = email.codeInfo !== undefined;
  const registered = user === null && email.registeredEmail === guestEmail;
  const contact = <ContactStep {...props} locked={askingCode} />;
  return (
    <div ref={top} className={styles.wizard}>
      {forClinic ? <OnBehalfNote company={forClinic.company} /> : null}
      <StepRow step={step} />
      <p className={styles.stepCount}>
        Шаг {step} из {STEPS.length}
      </p>
      <h3 className={styles.stepTitle}>{STEPS[step - 1]}</h3>
      {step === 1 && user === null ? <GuestOfflineNotice /> : null}
      {step === 1 && user === null ? (
        <GuestOverlay covering={offering} onLogin={() => onLogin()} onContinue={() => setOffering(false)}>
          {contact}
        </GuestOverlay>
      ) : null}
      {step === 1 && user !== null ? contact : null}
      {step === 1 && registered ? (
        <RegisteredEmailNotice
          onLogin={() => onLogin(guestEmail)}
          onForgotPassword={() => onForgotPassword(guestEmail)}
        />
      ) : null}
      {step === 1 && askingCode ? (
        <CodeEntryForm
          label="Подтверждение эл. почты"
          info={email.codeInfo}
          confirm={emailCodeEntered}
          resend={email.resend}
          // A guest's typo in the address: back to the e-mail, and the next 'Далее' mails the right one.
          onBack={user === null ? email.cancel : undefined}
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
          {step === 1 && !askingCode ? <Button onClick={() => void leaveContact()}>Далее</Button> : null}
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

/**
 * The step row (portal.md §2.1: each step isActive, isChecked): the current step, and a tick on each
 * one already passed; screen readers hear 'пройден' after its name.
 */
function StepRow({ step }: { step: Step }) {
  return (
    <ol className={styles.steps}>
      {STEPS.map((title, index) => {
        const number = index + 1;
        const done = number < step;
        return (
          <li
            key={title}
            aria-current={step === number ? 'step' : undefined}
            className={step === number ? styles.current : done ? styles.done : undefined}
          >
            {done ? (
              <LineIcon size={16} className={styles.stepTick}>
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </LineIcon>
            ) : null}
            <span className={styles.stepNumber}>{number}</span> <span className={styles.stepName}>{title}</span>
            {done ? <span className="visually-hidden">, пройден</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
