import { useState } from 'react';
import { OUTBOX_QUEUED_MESSAGE } from '#shared/screens/outbox.ts';
import { instrumentDisplayName } from '#shared/dictionaries/instruments.ts';
import { Modal } from '#client/components/ui/modal.tsx';
import type { DecisionAnswer } from './api.ts';
import { choiceCost, describeChoice, useApprovalSequence, type PointsChoice } from './approval-sequence.ts';
import type { DecisionFlowProps } from './flow-props.ts';
import { PointsStep } from './points-step.tsx';
import { SequenceReport } from './sequence-report.tsx';

/**
 * The points-deduction popup (cabinet.md §2, §4): one form per statement, in turn. One statement
 * is approved by its own step. Several are only chosen step by step, and sent together after the
 * last choice (approval-sequence.ts): closing half-way applies nothing, and if some approval does
 * not go through, the popup lists what was applied and what was not.
 */
export function PointsDialog({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
  const [index, setIndex] = useState(0);
  const [choices, setChoices] = useState<PointsChoice[]>([]);
  const [stepBusy, setStepBusy] = useState(false);
  const sequence = useApprovalSequence(request.ticketId, request.statements);
  const total = request.statements.length;
  const statement = request.statements[index];
  const sending = sequence.state.phase === 'sending';
  const outcomes = sequence.state.phase === 'idle' ? null : sequence.state.outcomes;

  const close = () => {
    // A send under way finishes here: closing now would hide its outcome.
    if (stepBusy || sending) return;
    onClose();
  };

  const finish = (settled: typeof outcomes) => {
    if (!settled) return;
    const applied = settled.filter((outcome) => outcome.state === 'applied').length;
    const queued = settled.filter((outcome) => outcome.state === 'queued').length;
    // Whatever was applied changed the ticket and the points in the header.
    if (applied > 0) onChanged();
    if (applied + queued < total) return;
    if (queued > 0) onDone(OUTBOX_QUEUED_MESSAGE, true);
    else onDone(`Ремонт согласован (ведомостей: ${total})`);
  };

  const choose = (choice: PointsChoice) => {
    const next = [...choices.slice(0, index), choice];
    setChoices(next);
    if (index < total - 1) {
      setIndex(index + 1);
      return;
    }
    void sequence.run(next).then(finish);
  };
  const retry = () => void sequence.run(choices, outcomes ?? []).then(finish);

  if (!statement) return null;
  const onApproved = (answer: DecisionAnswer) => onDone(answer.message, answer.queued);
  const previous = index > 0 ? request.statements[index - 1] : undefined;
  const previousChoice =
    previous && choices[index - 1]
      ? `«${instrumentDisplayName(previous)}»: ${describeChoice(choices[index - 1]!)}.`
      : null;
  const reserved = choices.slice(0, index).reduce((sum, choice) => sum + choiceCost(choice), 0);

  return (
    <Modal open title="Списание бонусов" onClose={close} size="md">
      {/* Once the approvals go, the steps make way for what became of each statement. */}
      {outcomes ? (
        <SequenceReport
          statements={request.statements}
          outcomes={outcomes}
          sending={sending}
          onRetry={retry}
          onClose={close}
        />
      ) : (
        <PointsStep
          key={statement.id}
          ticketId={request.ticketId}
          statement={statement}
          step={index + 1}
          total={total}
          previousChoice={previousChoice}
          reserved={reserved}
          onChoose={total > 1 ? choose : undefined}
          busy={sending}
          onApproved={onApproved}
          onConflict={onChanged}
          onClose={close}
          onBusyChange={setStepBusy}
        />
      )}
    </Modal>
  );
}
