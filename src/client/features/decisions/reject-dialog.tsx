import { decisionMessages } from '#shared/api/decisions.ts';
import { REJECT_REASONS, type RejectReason } from '#shared/dictionaries/reject-reasons.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { changeField, fieldError } from '#client/components/ui/form-bindings.ts';
import { focusFirstInvalidRadio, RadioGroup } from '#client/components/ui/radio-group.tsx';
import { reject } from './api.ts';
import { DecisionDialogShell } from './decision-dialog-shell.tsx';
import { seenStatements, type DecisionFlowProps } from './flow-props.ts';
import { StatementList } from './statement-list.tsx';
import { useCommentSend } from './use-comment-send.ts';

const REASON_OPTIONS = REJECT_REASONS.map((reason) => ({ value: reason, label: reason }));

/** 'Отказ': one reason of the fixed eight, required (cabinet.md §2 Rejection popup, §5). */
export function RejectDialog({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
  const { sender, serverError, setServerError, formId, formRef } = useCommentSend({ onDone, onChanged });
  const form = useAppForm({
    defaultValues: { comment: null as RejectReason | null },
    onSubmitInvalid: () => focusFirstInvalidRadio(formRef.current),
    onSubmit: ({ value }) => {
      if (value.comment === null) return;
      void sender.send(
        { ticket_id: request.ticketId, defects: seenStatements(request.statements), comment: value.comment },
        reject,
        request.statements,
      );
    },
  });

  return (
    <DecisionDialogShell
      title="Отказ от ремонта"
      request={request}
      sender={sender}
      onClose={onClose}
      confirmLabel="Отказаться от ремонта"
      form={form}
      formId={formId}
      formRef={formRef}
    >
      <StatementList statements={request.statements} />
      <form.Field
        name="comment"
        validators={{ onBlur: ({ value }) => (value === null ? decisionMessages.reasonRequired : undefined) }}
      >
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
    </DecisionDialogShell>
  );
}
