import type * as v from 'valibot';
import { rejectForm } from '#shared/screens/decisions.ts';
import { REJECT_REASONS } from '#shared/dictionaries/reject-reasons.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { focusFirstInvalidRadio } from '#client/components/ui/radio-group.tsx';
import { reject } from './api.ts';
import { DecisionDialogShell } from './decision-dialog-shell.tsx';
import { seenStatements, type DecisionFlowProps } from './flow-props.ts';
import { StatementList } from './statement-list.tsx';
import { useCommentSend } from './use-comment-send.ts';

const REASON_OPTIONS = REJECT_REASONS.map((reason) => ({ value: reason, label: reason }));
const NONE_CHOSEN: v.InferInput<typeof rejectForm> = { comment: null };

/** 'Отказ': one reason of the fixed eight, required (cabinet.md §2 Rejection popup, §5). */
export function RejectDialog({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
  const { sender, serverError, setServerError, formRef, shell } = useCommentSend({
    request,
    onClose,
    onDone,
    onChanged,
  });
  const form = useAppForm({
    defaultValues: NONE_CHOSEN,
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
    <DecisionDialogShell title="Отказ от ремонта" confirmLabel="Отказаться от ремонта" form={form} {...shell}>
      <StatementList statements={request.statements} />
      <form.AppField name="comment" validators={{ onBlur: rejectForm.entries.comment }}>
        {(field) => (
          <field.RadioGroupField
            legend="Причина отказа"
            name="reject-reason"
            options={REASON_OPTIONS}
            serverError={serverError}
            // A server message goes as soon as another reason is chosen.
            onChange={() => setServerError(undefined)}
          />
        )}
      </form.AppField>
    </DecisionDialogShell>
  );
}
