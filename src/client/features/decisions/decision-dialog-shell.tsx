import type { AnyFormApi } from '@tanstack/react-form';
import type { ReactNode, Ref } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import type { DecisionRequest } from './decision-dialog-store.ts';
import { ConflictView, SendFailure } from './send-status.tsx';
import type { useDecisionSend } from './use-decision-send.ts';
import styles from './decisions.module.css';

export interface DecisionDialogShellProps {
  /** The popup's title; also the form's accessible name. */
  title: string;
  request: DecisionRequest;
  sender: ReturnType<typeof useDecisionSend>;
  onClose: () => void;
  /** The words of the button that sends the decision. */
  confirmLabel: string;
  /** The button submits this form (a field to fill first), of this id and ref… */
  form?: AnyFormApi;
  formId?: string;
  formRef?: Ref<HTMLFormElement>;
  /** …or acts by itself (a plain confirmation). */
  onConfirm?: () => void;
  children: ReactNode;
}

/**
 * The frame of a one-step decision popup: 'Отмена' and the send button, the failure with its retry
 * under the content, and in place of it all the 409 view when the statements changed meanwhile.
 */
export function DecisionDialogShell({
  title,
  request,
  sender,
  onClose,
  confirmLabel,
  form,
  formId,
  formRef,
  onConfirm,
  children,
}: DecisionDialogShellProps) {
  const conflict = sender.state.phase === 'conflict' ? sender.state : null;
  // A send under way finishes in this popup: closing it then would hide the outcome.
  const close = () => {
    if (!sender.sending) onClose();
  };
  const failure = <SendFailure state={sender.state} onRetry={() => void sender.retry()} />;

  return (
    <Modal
      open
      title={conflict ? 'Ведомость изменилась' : title}
      onClose={close}
      footer={
        conflict ? (
          <Button onClick={onClose}>Понятно</Button>
        ) : (
          <div className={styles.footerButtons}>
            <Button variant="secondary" onClick={close}>
              Отмена
            </Button>
            <Button type={form ? 'submit' : undefined} form={formId} onClick={onConfirm} loading={sender.sending}>
              {confirmLabel}
            </Button>
          </div>
        )
      }
    >
      {conflict ? (
        <ConflictView message={conflict.message} seen={request.statements} current={conflict.current} />
      ) : form ? (
        <BoundForm
          form={form}
          id={formId}
          ref={formRef}
          className={styles.stack}
          aria-label={title}
          submitDisabled={sender.sending}
        >
          {children}
          {failure}
        </BoundForm>
      ) : (
        <div className={styles.stack}>
          {children}
          {failure}
        </div>
      )}
    </Modal>
  );
}
