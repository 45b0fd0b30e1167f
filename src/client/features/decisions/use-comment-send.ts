import { useId, useRef, useState } from 'react';
import type { DecisionFlowProps } from './flow-props.ts';
import { useDecisionSend } from './use-decision-send.ts';

/**
 * The send of a decision with one field, `comment` (the question, the rejection reason): a 422 on
 * it shows under the field. Also `shell`, what DecisionDialogShell needs beside its title, button and
 * form: the request, the send, closing, and the form's id and ref.
 */
export function useCommentSend({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string>();
  const sender = useDecisionSend({
    onSuccess: (answer) => onDone(answer.message, answer.queued),
    onConflict: onChanged,
    onInvalid: (error) => {
      setServerError(error.field('comment'));
      return error.field('comment') !== undefined;
    },
  });
  return { sender, serverError, setServerError, formRef, shell: { request, sender, onClose, formId, formRef } };
}
