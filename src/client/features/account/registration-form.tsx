import { useEffect, useRef, useState } from 'react';
import { registrationForm, type RegistrationForm as RegistrationValues } from '#shared/api/account.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { CodeEntryForm } from '#client/components/ui/code-entry-form.tsx';
import { revealFirstMessage, useServerErrors } from '#client/components/ui/form-helpers.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { emailInput } from '#client/components/ui/input-presets.ts';
import { SubmitButton } from '#client/components/ui/submit-button.tsx';
import { DocumentLink } from '#client/components/content/document-link.tsx';
import { useAccountStore } from './account-store.ts';
import { asApiError } from '#client/lib/http.ts';
import { pickFieldErrors } from './api-error.ts';
import { confirmRegistration, sendRegistrationCode } from './api.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import styles from './forms.module.css';

const FIELDS = ['firstname', 'lastname', 'phone', 'clinicName', 'city', 'email', 'approvalPolicy'] as const;
type Field = (typeof FIELDS)[number];
type Stage = 'form' | 'code' | 'done';

const EMPTY: RegistrationValues = {
  firstname: '',
  lastname: '',
  phone: '',
  clinicName: '',
  city: '',
  email: '',
  approvalPolicy: false,
};

/**
 * Registration in two stages (portal.md §4.2): the form sends a code by e-mail; on the code step the
 * form is locked, the code confirms the account, and a success message offers to log in.
 */
export function RegistrationForm() {
  const rememberVerifiedEmail = useAccountStore((state) => state.rememberVerifiedEmail);
  const openView = useAuthDialog((state) => state.open);
  const [stage, setStage] = useState<Stage>('form');
  // After 'Назад' the next send is a re-send (the server then does not count it as a new registration).
  const [resendNext, setResendNext] = useState(false);
  const [formMessage, setFormMessage] = useState<string>();
  const [codeInfo, setCodeInfo] = useState<string>();
  const [result, setResult] = useState<{ message: string; email: string }>();
  const server = useServerErrors<Field>();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const form = useAppForm({
    defaultValues: EMPTY,
    onSubmit: async ({ value }) => {
      server.clearAll();
      setFormMessage(undefined);
      try {
        const message = await sendRegistrationCode(value, resendNext);
        setCodeInfo(message);
        setStage('code');
      } catch (caught) {
        const error = asApiError(caught);
        const { errors, matched } = pickFieldErrors(error, FIELDS);
        server.show(errors);
        if (matched) revealFirstMessage(formRef.current);
        else setFormMessage(error.message);
      }
    },
  });

  useEffect(() => {
    if (stage === 'done') resultRef.current?.focus();
  }, [stage]);

  const confirmCode = async (code: string) => {
    const confirmed = await confirmRegistration(form.state.values, code);
    rememberVerifiedEmail(confirmed.email);
    setResult(confirmed);
    setStage('done');
  };

  const back = () => {
    setStage('form');
    setResendNext(true);
    setCodeInfo(undefined);
  };

  if (stage === 'done' && result) {
    return (
      <div className={styles.result} ref={resultRef} tabIndex={-1}>
        <FormMessage tone="success">{result.message}</FormMessage>
        <Button block onClick={() => openView('login')}>
          Войти
        </Button>
      </div>
    );
  }

  const locked = stage !== 'form';

  return (
    <div>
      <BoundForm form={form} ref={formRef} className={styles.form} aria-label="Регистрация" submitDisabled={locked}>
        <fieldset className={styles.fieldset} disabled={locked}>
          <div className={styles.grid}>
            <form.AppField name="firstname" validators={{ onBlur: registrationForm.entries.firstname }}>
              {(field) => <field.TextField label="Имя" autoComplete="given-name" {...server.forField('firstname')} />}
            </form.AppField>
            <form.AppField name="lastname" validators={{ onBlur: registrationForm.entries.lastname }}>
              {(field) => (
                <field.TextField label="Фамилия" autoComplete="family-name" {...server.forField('lastname')} />
              )}
            </form.AppField>
            <form.AppField name="phone" validators={{ onBlur: registrationForm.entries.phone }}>
              {(field) => <field.MaskedField mask="phone" label="Телефон" {...server.forField('phone')} />}
            </form.AppField>
            <form.AppField name="email" validators={{ onBlur: registrationForm.entries.email }}>
              {(field) => <field.TextField {...emailInput} autoComplete="email" {...server.forField('email')} />}
            </form.AppField>
            <form.AppField name="clinicName" validators={{ onBlur: registrationForm.entries.clinicName }}>
              {(field) => (
                <field.TextField
                  label="Название клиники"
                  autoComplete="organization"
                  {...server.forField('clinicName')}
                />
              )}
            </form.AppField>
            <form.AppField name="city" validators={{ onBlur: registrationForm.entries.city }}>
              {(field) => <field.TextField label="Город" autoComplete="address-level2" {...server.forField('city')} />}
            </form.AppField>
          </div>
          <form.AppField name="approvalPolicy" validators={{ onBlur: registrationForm.entries.approvalPolicy }}>
            {(field) => (
              <field.CheckboxField
                {...server.forField('approvalPolicy')}
                label={
                  <>
                    {/* Without 'согласен/согласна': the reader's gender is not known. */}
                    Даю согласие на обработку персональных данных в соответствии с{' '}
                    <DocumentLink document="privacy" className={styles.consentLink}>
                      политикой обработки персональных данных
                    </DocumentLink>{' '}
                    и соглашаюсь с{' '}
                    {/* Registering makes the clinic a participant of the loyalty programme (portal.md §4.7); the rules state who may take part, so no separate confirmation is asked (ADR 0016, amended). */}
                    <DocumentLink document="loyalty-rules" className={styles.consentLink}>
                      правилами программы лояльности
                    </DocumentLink>
                  </>
                }
              />
            )}
          </form.AppField>
        </fieldset>

        <FormMessage tone="error">{formMessage}</FormMessage>

        {locked ? null : (
          <div className={styles.actions}>
            <SubmitButton form={form}>Зарегистрироваться</SubmitButton>
            <Button variant="link" onClick={() => openView('login')}>
              Уже зарегистрированы? Войти
            </Button>
          </div>
        )}
      </BoundForm>

      {stage === 'code' ? (
        <CodeEntryForm
          label="Подтверждение эл. почты"
          info={codeInfo}
          confirm={confirmCode}
          resend={() => sendRegistrationCode(form.state.values, true)}
          onRefused={(error) => {
            const email = error.field('email');
            if (email) server.show({ email });
          }}
          onBack={back}
        />
      ) : null}
    </div>
  );
}
