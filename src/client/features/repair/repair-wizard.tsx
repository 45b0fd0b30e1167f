import { useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { asApiError } from '#client/lib/http.ts';
import { AddressStep } from './address-step.tsx';
import { sendRepairRequest } from './api.ts';
import { ContactStep } from './contact-step.tsx';
import { EquipmentStep } from './equipment-step.tsx';
import type { WizardUser } from './step-props.ts';
import { initialValues, stepErrors, toRequest, type WizardErrors, type WizardValues } from './wizard-values.ts';
import styles from './repair.module.css';

// The repair request wizard (portal.md §2.1): three steps and the sent screen. Back keeps what was
// entered; Next checks the step with the shared contract's rules; the request goes with an
// Idempotency-Key made when 'Отправить заявку' is pressed, kept for its retries.

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
}

export function RepairWizard({ user, onLogin, onRegister, onDone, onEntriesChange }: RepairWizardProps) {
  if (user === null) {
    return (
      <div className={styles.guest}>
        <p className={styles.lead}>Войдите или зарегистрируйтесь, чтобы оставить заявку на ремонт: так вы сможете следить за ней и согласовывать работы.</p>
        <Button onClick={onLogin}>Войти</Button>
        <Button variant="secondary" onClick={onRegister}>
          Зарегистрироваться
        </Button>
      </div>
    );
  }
  return <Wizard user={user} onDone={onDone} onEntriesChange={onEntriesChange} />;
}

function Wizard({ user, onDone, onEntriesChange }: { user: WizardUser; onDone: () => void; onEntriesChange?: ((hasEntries: boolean) => void) | undefined }) {
  const [step, setStep] = useState<1 | 2 | 3 | 'sent'>(1);
  const [values, setValues] = useState<WizardValues>(() => initialValues(user));
  const [errors, setErrors] = useState<WizardErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [ticketId, setTicketId] = useState<number | null>(null);
  const key = useRef<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const change = (patch: Partial<WizardValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    key.current = null; // a changed request is a new request
    onEntriesChange?.(true);
  };
  const go = (next: 1 | 2 | 3 | 'sent') => {
    setStep(next);
    setErrors({});
    top.current?.scrollIntoView({ block: 'start' });
  };
  const next = (current: 1 | 2 | 3) => {
    const found = stepErrors(current, values, user);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const send = async () => {
    if (!next(3)) return;
    setSending(true);
    setFailure(undefined);
    key.current ??= crypto.randomUUID();
    try {
      setTicketId(await sendRepairRequest(toRequest(values, user), key.current));
      onEntriesChange?.(false);
      go('sent');
    } catch (error) {
      const problem = asApiError(error);
      setFailure(problem.message);
      if (Object.keys(problem.fieldErrors).length > 0)
        setErrors(Object.fromEntries(Object.entries(problem.fieldErrors).map(([field, list]) => [field, list[0] ?? ''])));
    } finally {
      setSending(false);
    }
  };

  if (step === 'sent') {
    return (
      <div className={styles.sent} role="status">
        <p className={styles.lead}>Заявка №{ticketId} отправлена.</p>
        <p>Менеджер сервисного центра свяжется с вами, а курьер заберёт инструменты в выбранный день.</p>
        <Link to="/cabinet/tickets" className={buttonClassName('primary', true)} onClick={onDone}>
          Мои заявки
        </Link>
      </div>
    );
  }

  const props = { user, values, errors, change };
  return (
    <div ref={top} className={styles.wizard}>
      <ol className={styles.steps}>
        {STEPS.map((title, index) => (
          <li key={title} aria-current={step === index + 1 ? 'step' : undefined} className={step === index + 1 ? styles.current : undefined}>
            <span className={styles.stepNumber}>{index + 1}</span> {title}
          </li>
        ))}
      </ol>
      <h3 className={styles.stepTitle}>{STEPS[step - 1]}</h3>
      {step === 1 ? <ContactStep {...props} /> : null}
      {step === 2 ? <AddressStep {...props} /> : null}
      {step === 3 ? <EquipmentStep {...props} /> : null}
      <FormMessage tone="error">{failure}</FormMessage>
      <div className={styles.navigation}>
        {step > 1 ? (
          <Button variant="secondary" onClick={() => go((step - 1) as 1 | 2)}>
            Назад
          </Button>
        ) : null}
        {step < 3 ? (
          <Button onClick={() => next(step) && go((step + 1) as 2 | 3)}>Далее</Button>
        ) : (
          <Button onClick={() => void send()} loading={sending}>
            Отправить заявку
          </Button>
        )}
      </div>
    </div>
  );
}
