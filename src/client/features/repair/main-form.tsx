import { useRef, useState, type ReactNode } from 'react';
import type { SavedAddress } from '#shared/screens/places.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CodeEntryForm } from '#client/components/ui/code-entry-form.tsx';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { AddressStep } from './address-step.tsx';
import { ContactStep } from './contact-step.tsx';
import { EquipmentDialog } from './equipment-dialog.tsx';
import { EquipmentSection } from './main-form-equipment.tsx';
import { ResultDialog, type RequestResult } from './result-dialog.tsx';
import type { WizardUser } from './step-props.ts';
import { useEmailConfirmation } from './use-email-confirmation.ts';
import { useRequestSending } from './use-request-sending.ts';
import {
  errorsAfterChange,
  initialValues,
  stepErrors,
  type EquipmentBlock,
  type WizardErrors,
  type WizardValues,
} from './wizard-values.ts';
import styles from './repair.module.css';

// The logged-in clinic's main request form (portal.md §2.2): the whole request on one page, the
// instruments added and changed in a dialog, a last look before sending, and the result popup.

const emptyForm = (user: WizardUser): WizardValues => ({ ...initialValues(user), equipment: [] });

const allErrors = (values: WizardValues, user: WizardUser): WizardErrors => ({
  ...stepErrors(1, values, user),
  ...stepErrors(2, values, user),
  ...stepErrors(3, values, user),
});

export interface RepairMainFormProps {
  user: WizardUser;
  /** The address-add dialog of the places feature (the route passes it in: features do not import each other). */
  renderAddressDialog?: (props: { onClose: () => void; onSaved: (address: SavedAddress) => void }) => ReactNode;
  /** The account changed on the server (its e-mail was confirmed): fetch its data again. */
  onAccountChange?: () => void;
}

export function RepairMainForm({ user, onAccountChange, renderAddressDialog }: RepairMainFormProps) {
  const [values, setValues] = useState(() => emptyForm(user));
  const [errors, setErrors] = useState<WizardErrors>({});
  const [dialog, setDialog] = useState<{ open: boolean; editing: EquipmentBlock | null }>({
    open: false,
    editing: null,
  });
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<RequestResult | null>(null);
  /** While the address-add dialog is open: where its saved address goes. */
  const [addingAddress, setAddingAddress] = useState<((address: SavedAddress) => void) | null>(null);
  const email = useEmailConfirmation(user, onAccountChange);
  const sending = useRequestSending(user, setErrors);
  const formRef = useRef<HTMLDivElement>(null);

  const change = (patch: Partial<WizardValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((shown) => errorsAfterChange(shown, values, { ...values, ...patch }, user));
    sending.changed();
  };
  const nextBlock = (values.equipment.at(-1)?.block ?? 0) + 1;
  const saveBlock = (block: EquipmentBlock) => {
    const exists = values.equipment.some((item) => item.block === block.block);
    change({
      equipment: exists
        ? values.equipment.map((item) => (item.block === block.block ? block : item))
        : [...values.equipment, block],
    });
    setDialog({ open: false, editing: null });
  };

  const review = async () => {
    const found = allErrors(values, user);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first field with a message, in sight and focused, so a keyboard or screen-reader user lands on it.
      focusFirstInvalid(formRef.current);
      return;
    }
    if (await email.ask()) setConfirming(true);
  };
  const send = async () => {
    setConfirming(false);
    const outcome = await sending.send(values);
    if ('failure' in outcome) setResult({ kind: 'error', message: outcome.failure });
    else
      setResult(
        outcome.queued
          ? { kind: 'queued', message: outcome.queued.message }
          : { kind: 'sent', ticketId: outcome.ticketId },
      );
  };
  const closeResult = () => {
    // After a request went (or was kept), the form starts afresh; after an error it stays as it was.
    if (result?.kind !== 'error') {
      setValues(emptyForm(user));
      setErrors({});
    }
    setResult(null);
  };

  const props = { user, values, errors, change };
  return (
    <Page title="Заявка на ремонт" narrow aside={<Greeting name={user.name} />}>
      <div ref={formRef} className={styles.mainForm}>
        <section className={styles.section} aria-labelledby="main-form-contact">
          <h2 id="main-form-contact" className={styles.stepTitle}>
            Контактные данные
          </h2>
          <ContactStep {...props} />
          {email.codeInfo !== undefined ? (
            <CodeEntryForm
              label="Подтверждение эл. почты"
              info={email.codeInfo}
              confirm={async (code) => {
                await email.enter(code);
                setConfirming(true);
              }}
              resend={email.resend}
            />
          ) : null}
        </section>

        <section className={styles.section} aria-labelledby="main-form-address">
          <h2 id="main-form-address" className={styles.stepTitle}>
            Адрес
          </h2>
          <AddressStep
            {...props}
            addAddress={renderAddressDialog ? (onSaved) => setAddingAddress(() => onSaved) : undefined}
          />
        </section>

        <EquipmentSection {...props} onEdit={(editing) => setDialog({ open: true, editing })} />

        <FormMessage tone="error">{email.failure}</FormMessage>
        <Button onClick={() => void review()} loading={sending.sending}>
          Отправить заявку
        </Button>
      </div>

      <EquipmentDialog
        open={dialog.open}
        editing={dialog.editing}
        nextBlock={nextBlock}
        onSave={saveBlock}
        onDelete={(block) => {
          change({ equipment: values.equipment.filter((item) => item.block !== block.block) });
          setDialog({ open: false, editing: null });
        }}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Внимание"
        size="sm"
        footer={
          <div className={styles.dialogActions}>
            <Button onClick={() => void send()}>Отправить</Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Вернуться к заявке
            </Button>
          </div>
        }
      >
        <p>
          Проверьте заявку: инструментов — {values.equipment.length}, забрать{' '}
          {values.pickupDate.split('-').reverse().join('.')} по адресу «{values.address}». После отправки изменить её
          можно будет только через менеджера сервисного центра.
        </p>
      </Modal>
      <ResultDialog result={result} onClose={closeResult} />
      {addingAddress && renderAddressDialog
        ? renderAddressDialog({
            onClose: () => setAddingAddress(null),
            onSaved: (address) => {
              addingAddress(address);
              setAddingAddress(null);
            },
          })
        : null}
    </Page>
  );
}

function Greeting({ name }: { name: string }) {
  return (
    <div className={styles.greeting}>
      <p className={styles.lead}>Здравствуйте, {name}!</p>
      <p>Оставьте заявку на ремонт в авторизованных сервисных центрах.</p>
      <ul className={styles.infoList}>
        <li>Курьер заберёт инструменты по вашему адресу в выбранный день.</li>
        <li>Сервисный центр проведёт диагностику и пришлёт дефектную ведомость.</li>
        <li>Ремонт начнётся только после того, как вы согласуете стоимость работ.</li>
        <li>За оплаченный ремонт начисляются бонусы.</li>
      </ul>
    </div>
  );
}
