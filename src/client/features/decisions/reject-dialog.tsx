import { useId, useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { decisionMessages } from '#shared/api/decisions.ts';
import { REJECT_REASONS, type RejectReason } from '#shared/dictionaries/reject-reasons.ts';
import { Button } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { changeField, fieldError } from '#client/components/ui/form-bindings.ts';
import { Modal } from '#client/components/ui/modal.tsx';
import { focusFirstInvalidRadio, RadioGroup } from '#client/components/ui/radio-group.tsx';
import { reject } from './api.ts';
import { seenStatements, type DecisionFlowProps } from './flow-props.ts';
import { ConflictView, SendFailure } from './send-status.tsx';
import { StatementList } from './statement-list.tsx';
import { useDecisionSend } from './use-decision-send.ts';
import styles from './decisions.module.css';

const REASON_OPTIONS = REJECT_REASONS.map((reason) => ({ value: reason, label: reason }));

/** 'Отказ': one reason of the fixed eight, required (cabinet.md §2 Rejection popup, §5). */
export function RejectDialog({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string>();
  const sender = useDecisionSend({
    onSuccess: (answer) => onDone(answer.message),
    onConflict: onChanged,
    onInvalid: (error) => {
      setServerError(error.field('comment'));
      return error.field('comment') !== undefined;
    },
  });
  const form = useForm({
    defaultValues: { comment: null as RejectReason | null },
    onSubmitInvalid: () => focusFirstInvalidRadio(formRef.current),
    onSubmit: ({ value }) => {
      if (value.comment === null) return;
      void sender.send({ ticket_id: request.ticketId, defects: seenStatements(request.statements), comment: value.comment }, reject);
    },
  });
  const conflict = sender.state.phase === 'conflict' ? sender.state : null;
  const close = () => {
    if (!sender.sending) onClose();
  };

  return (
    <Modal
      open
      title={conflict ? 'Ведомость изменилась' : 'Отказ от ремонта'}
      onClose={close}
      footer={
        conflict ? (
          <Button onClick={onClose}>Понятно</Button>
        ) : (
          <div className={styles.footerButtons}>
            <Button variant="secondary" onClick={close}>
              Отмена
            </Button>
            <Button type="submit" form={formId} loading={sender.sending}>
              Отказаться от ремонта
            </Button>
          </div>
        )
      }
    >
      {conflict ? (
        <ConflictView message={conflict.message} seen={request.statements} current={conflict.current} />
      ) : (
        <BoundForm form={form} id={formId} ref={formRef} className={styles.stack} aria-label="Отказ от ремонта" submitDisabled={sender.sending}>
          <StatementList statements={request.statements} />
          <form.Field name="comment" validators={{ onBlur: ({ value }) => (value === null ? decisionMessages.reasonRequired : undefined) }}>
            {(field) => (
              <RadioGroup
                legend="Причина отказа"
                name="reject-reason"
                options={REASON_OPTIONS}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(value) => {
                  changeField(field, value);
                  setServerError(undefined);
                }}
                error={fieldError(field) ?? serverError}
              />
            )}
          </form.Field>
          <SendFailure state={sender.state} onRetry={() => void sender.retry()} />
        </BoundForm>
      )}
    </Modal>
  );
}
