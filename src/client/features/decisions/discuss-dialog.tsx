import { decisionMessages } from '#shared/api/decisions.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { changeField, fieldError } from '#client/components/ui/form-bindings.ts';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { discuss } from './api.ts';
import { DecisionDialogShell } from './decision-dialog-shell.tsx';
import type { DecisionFlowProps } from './flow-props.ts';
import { StatementList } from './statement-list.tsx';
import { useCommentSend } from './use-comment-send.ts';
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
  const { sender, serverError, setServerError, formId, formRef } = useCommentSend({ onDone, onChanged });
  const statement = request.statements[0];
  const form = useAppForm({
    defaultValues: { comment: '' },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value }) => {
      if (!statement) return;
      void sender.send(
        {
          ticket_id: request.ticketId,
          defect: { id: statement.id, version: statement.version },
          comment: value.comment.trim(),
        },
        discuss,
        [statement],
      );
    },
  });

  return (
    <DecisionDialogShell
      title="Вопрос по ремонту"
      request={request}
      sender={sender}
      onClose={onClose}
      confirmLabel="Отправить"
      form={form}
      formId={formId}
      formRef={formRef}
    >
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
    </DecisionDialogShell>
  );
}
