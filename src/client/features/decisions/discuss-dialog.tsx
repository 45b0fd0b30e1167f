import type * as v from 'valibot';
import { DISCUSS_COMMENT_MAX, discussForm } from '#shared/screens/decisions.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { focusFirstInvalid } from '#client/components/ui/form-helpers.ts';
import { discuss } from './api.ts';
import { DecisionDialogShell } from './decision-dialog-shell.tsx';
import type { DecisionFlowProps } from './flow-props.ts';
import { StatementList } from './statement-list.tsx';
import { useCommentSend } from './use-comment-send.ts';
import styles from './decisions.module.css';

const EMPTY: v.InferInput<typeof discussForm> = { comment: '' };

/** 'Обсудить': a question to the service centre about one statement (cabinet.md §2 Question popup, §5). */
export function DiscussDialog({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
  const { sender, serverError, setServerError, formRef, shell } = useCommentSend({
    request,
    onClose,
    onDone,
    onChanged,
  });
  const statement = request.statements[0];
  const form = useAppForm({
    defaultValues: EMPTY,
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
    <DecisionDialogShell title="Вопрос по ремонту" confirmLabel="Отправить" form={form} {...shell}>
      <StatementList statements={request.statements} showTotal={false} />
      <p className={styles.lead}>Менеджер сервисного центра ответит на ваш вопрос, а ремонт подождёт вашего решения.</p>
      <form.AppField name="comment" validators={{ onBlur: discussForm.entries.comment }}>
        {(field) => (
          <field.TextareaField
            label="Комментарий"
            maxLength={DISCUSS_COMMENT_MAX}
            serverError={serverError}
            onServerErrorClear={() => setServerError(undefined)}
          />
        )}
      </form.AppField>
    </DecisionDialogShell>
  );
}
