import { useId, useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { decisionMessages } from '#shared/api/decisions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { changeField, fieldError } from '#client/components/ui/form-bindings.ts';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { Modal } from '#client/components/ui/modal.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { discuss } from './api.ts';
import type { DecisionFlowProps } from './flow-props.ts';
import { ConflictView, SendFailure } from './send-status.tsx';
import { StatementList } from './statement-list.tsx';
import { useDecisionSend } from './use-decision-send.ts';
import styles from './decisions.module.css';

/** The contract's limit (src/shared/api/decisions.ts discussDefect). */
const COMMENT_MAX = 1000;

export function commentError(value: string): string | undefined {
  if (value.trim() === '') return decisionMessages.commentRequired;
  if (value.trim().length > COMMENT_MAX) return `Максимальная длина ${COMMENT_MAX} символов`;
  return undefined;
}

/** 'Обсудить': a question to the service centre about one statement (cabinet.md §2 Question popup, §5). */
export function DiscussDialog({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
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
  const statement = request.statements[0];
  const form = useForm({
    defaultValues: { comment: '' },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value }) => {
      if (!statement) return;
      void sender.send({ ticket_id: request.ticketId, defect: { id: statement.id, version: statement.version }, comment: value.comment.trim() }, discuss);
    },
  });
  const conflict = sender.state.phase === 'conflict' ? sender.state : null;
  const close = () => {
    if (!sender.sending) onClose();
  };

  return (
    <Modal
      open
      title={conflict ? 'Ведомость изменилась' : 'Вопрос по ремонту'}
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
              Отправить
            </Button>
          </div>
        )
      }
    >
      {conflict ? (
        <ConflictView message={conflict.message} seen={request.statements} current={conflict.current} />
      ) : (
        <BoundForm form={form} id={formId} ref={formRef} className={styles.stack} aria-label="Вопрос по ремонту" submitDisabled={sender.sending}>
          <StatementList statements={request.statements} showTotal={false} />
          <p className={styles.lead}>Менеджер сервисного центра ответит на ваш вопрос, а ремонт подождёт вашего решения.</p>
          <form.Field name="comment" validators={{ onBlur: ({ value }) => commentError(value) }}>
            {(field) => (
              <TextareaField
                label="Комментарий"
                name="comment"
                value={field.state.value}
                maxLength={COMMENT_MAX}
                onBlur={field.handleBlur}
                onFocus={() => setServerError(undefined)}
                onChange={(event) => changeField(field, event.target.value)}
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
