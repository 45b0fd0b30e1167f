import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { createRepairRequest } from '#shared/api/repair-requests.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CodeEntryForm } from '#client/components/ui/code-entry-form.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { onOutboxChange } from '#client/lib/sw-bridge.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { AddressStep } from './address-step.tsx';
import { ContactStep } from './contact-step.tsx';
import { dropDraft, loadDraft, saveDraft } from './draft.ts';
import { EquipmentStep } from './equipment-step.tsx';
import { useEmailConfirmation } from './use-email-confirmation.ts';
import { useRequestSending } from './use-request-sending.ts';
import { ResumePrompt, SentScreen } from './wizard-screens.tsx';
import type { WizardUser } from './step-props.ts';
import { errorsAfterChange, initialValues, stepErrors, type WizardErrors, type WizardValues } from './wizard-values.ts';
import styles from './repair.module.css';

// The repair request wizard (portal.md §2.1): three steps and the sent screen. Back keeps what was
// entered; Next checks the step with the shared contract's rules; the request goes with an
// Idempotency-Key made when 'Отправить заявку' is pressed, kept for its retries. What is entered is
// kept on the device as a draft until it is sent; with no network the service worker keeps the
// request itself and sends it later (the 'queued' screen).

const STEPS = ['Контактная информация', 'Адрес', 'Оборудование'] as const;

export interface RepairWizardProps {
  /** null: a guest, asked to log in or register first (the wizard then continues). */
  user: WizardUser | null;
  onLogin: () => void;
  onRegister: () => void;
  /** After the sent screen's link. */
  onDone: () => void;
  /** Told whether anything has been entered (the sheet asks before it closes then). */
  onEntriesChange?: (hasEntries: boolean) => void;
  /** The account changed on the server (its e-mail was confirmed): the user data should be fetched again. */
  onAccountChange?: () => void;
}

export function RepairWizard({
  user,
  onLogin,
  onRegister,
  onDone,
  onEntriesChange,
  onAccountChange,
}: RepairWizardProps) {
  if (user === null) {
    return (
      <div className={styles.guest}>
        <p className={styles.lead}>
          Войдите или зарегистрируйтесь, чтобы оставить заявку на ремонт: так вы сможете следить за ней и согласовывать
          работы.
        </p>
        <Button onClick={onLogin}>Войти</Button>
        <Button variant="secondary" onClick={onRegister}>
          Зарегистрироваться
        </Button>
      </div>
    );
  }
  return <Wizard user={user} onDone={onDone} onEntriesChange={onEntriesChange} onAccountChange={onAccountChange} />;
}

type Step = 1 | 2 | 3;

interface WizardHostProps {
  user: WizardUser;
  onDone: () => void;
  onEntriesChange?: ((hasEntries: boolean) => void) | undefined;
  onAccountChange?: (() => void) | undefined;
}

/** Reads the draft first: one left from before is offered back ('Продолжить заявку?'). */
function Wizard(props: WizardHostProps) {
  const { user, onEntriesChange } = props;
  const stored = useRemote(() => loadDraft(user.id).then((saved) => saved ?? null), user.id);
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
          void dropDraft(user.id);
          stored.update(() => null);
        }}
      />
    );
  }
  // The steps take these once, when they mount: later changes of the account's data do not reset them.
  return <WizardSteps {...props} initialStep={draft?.step ?? 1} initialValues={draft?.values ?? initialValues(user)} />;
}

const sentAnswer = createRepairRequest.output;

function WizardSteps({
  user,
  onDone,
  onEntriesChange,
  onAccountChange,
  initialStep,
  initialValues: startValues,
}: WizardHostProps & { initialStep: Step; initialValues: WizardValues }) {
  const [step, setStep] = useState<Step | 'sent' | 'queued'>(initialStep);
  const [values, setValues] = useState<WizardValues>(startValues);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [ticketId, setTicketId] = useState<number | null>(null);
  const [queued, setQueued] = useState<{ message: string; outboxId: string } | null>(null);
  const email = useEmailConfirmation(user, onAccountChange);
  const sending = useRequestSending(user, setErrors);
  const top = useRef<HTMLDivElement>(null);

  // Every change is on the device at once: a killed app loses nothing typed.
  const remember = (nextStep: Step, nextValues: WizardValues) =>
    void saveDraft(user.id, { savedAt: Date.now(), step: nextStep, values: nextValues });

  // A kept request that the worker has now sent: its ticket's number replaces the 'saved' text.
  useEffect(() => {
    if (queued === null) return;
    return onOutboxChange((entry) => {
      const answer = v.safeParse(sentAnswer, entry.result);
      if (entry.id !== queued.outboxId || entry.state !== 'done' || !answer.success) return;
      setTicketId(answer.output.ticket_id);
      setStep('sent');
    });
  }, [queued]);

  const change = (patch: Partial<WizardValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors((shown) => errorsAfterChange(shown, values, next, user));
    if (step !== 'sent' && step !== 'queued') remember(step, next);
    sending.changed();
    onEntriesChange?.(true);
  };
  const go = (next: Step | 'sent' | 'queued') => {
    setStep(next);
    setErrors({});
    if (next !== 'sent' && next !== 'queued') remember(next, values);
    top.current?.scrollIntoView({ block: 'start' });
  };
  const next = (current: Step) => {
    const found = stepErrors(current, values, user);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** Step 1's 'Далее': an unproven e-mail gets a code first (portal.md §2.1). */
  const leaveContact = async () => {
    if (next(1) && (await email.ask())) go(2);
  };
  const emailCodeEntered = async (code: string) => {
    await email.enter(code);
    go(2);
  };

  const send = async () => {
    if (!next(3)) return;
    const outcome = await sending.send(values);
    if ('failure' in outcome) return;
    await dropDraft(user.id);
    onEntriesChange?.(false);
    if (outcome.queued) setQueued(outcome.queued);
    else setTicketId(outcome.ticketId);
    go(outcome.queued ? 'queued' : 'sent');
  };

  if (step === 'sent' || step === 'queued')
    return (
      <SentScreen ticketId={ticketId} queuedMessage={step === 'queued' ? queued?.message : undefined} onDone={onDone} />
    );

  const props = { user, values, errors, change };
  return (
    <div ref={top} className={styles.wizard}>
      <ol className={styles.steps}>
        {STEPS.map((title, index) => (
          <li
            key={title}
            aria-current={step === index + 1 ? 'step' : undefined}
            className={step === index + 1 ? styles.current : undefined}
          >
            <span className={styles.stepNumber}>{index + 1}</span> <span className={styles.stepName}>{title}</span>
          </li>
        ))}
      </ol>
      <p className={styles.stepCount}>
        Шаг {step} из {STEPS.length}
      </p>
      <h3 className={styles.stepTitle}>{STEPS[step - 1]}</h3>
      {step === 1 ? <ContactStep {...props} /> : null}
      {step === 1 && email.codeInfo !== undefined ? (
        <CodeEntryForm
          label="Подтверждение эл. почты"
          info={email.codeInfo}
          confirm={emailCodeEntered}
          resend={email.resend}
        />
      ) : null}
      {step === 2 ? <AddressStep {...props} /> : null}
      {step === 3 ? <EquipmentStep {...props} /> : null}
      <FormMessage tone="error">{sending.failure ?? email.failure}</FormMessage>
      <div className={styles.navigation}>
        {step > 1 ? (
          <Button variant="secondary" onClick={() => go((step - 1) as 1 | 2)}>
            Назад
          </Button>
        ) : null}
        {step === 1 && email.codeInfo === undefined ? <Button onClick={() => void leaveContact()}>Далее</Button> : null}
        {step === 2 ? <Button onClick={() => next(2) && go(3)}>Далее</Button> : null}
        {step === 3 ? (
          <Button onClick={() => void send()} loading={sending.sending}>
            Отправить заявку
          </Button>
        ) : null}
      </div>
    </div>
  );
}
