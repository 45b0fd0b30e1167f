import { useRef, useState } from 'react';
import { OUTBOX_QUEUED_MESSAGE } from '#shared/api/outbox.ts';
import { Modal } from '#client/components/ui/modal.tsx';
import type { DecisionAnswer } from './api.ts';
import type { DecisionFlowProps } from './flow-props.ts';
import { PointsStep } from './points-step.tsx';

/**
 * The points-deduction popup (cabinet.md §2, §4): one form per statement, in turn; each is sent on
 * its own (points and gifts go with one statement only) and the last one carries `end: true`.
 */
export function PointsDialog({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
  const [index, setIndex] = useState(0);
  const [approvedName, setApprovedName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Some statement of the sequence was only kept by the service worker for later. */
  const queued = useRef(false);
  const total = request.statements.length;
  const statement = request.statements[index];

  const close = () => {
    // A send under way finishes here: closing now would hide its outcome.
    if (busy) return;
    onClose();
  };
  const onApproved = (answer: DecisionAnswer) => {
    if (answer.queued) queued.current = true;
    if (index >= total - 1) {
      if (queued.current) onDone(answer.queued ? answer.message : OUTBOX_QUEUED_MESSAGE, true);
      else onDone(total > 1 ? `Ремонт согласован (ведомостей: ${total})` : answer.message);
      return;
    }
    setApprovedName(statement?.name ?? null);
    setIndex(index + 1);
    // The page behind and the points in the header follow each approved statement (a kept one changed nothing yet).
    if (!answer.queued) onChanged();
  };

  if (!statement) return null;
  return (
    <Modal open title="Списание бонусов" onClose={close} size="md">
      <PointsStep
        key={statement.id}
        ticketId={request.ticketId}
        statement={statement}
        step={index + 1}
        total={total}
        previousApproved={approvedName}
        onApproved={onApproved}
        onConflict={onChanged}
        onClose={close}
        onBusyChange={setBusy}
      />
    </Modal>
  );
}
