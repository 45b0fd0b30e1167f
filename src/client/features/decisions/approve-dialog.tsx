import { useState } from 'react';
import { approve } from './api.ts';
import { DecisionDialogShell } from './decision-dialog-shell.tsx';
import { seenStatements, type DecisionFlowProps } from './flow-props.ts';
import { PointsDialog } from './points-dialog.tsx';
import { StatementList } from './statement-list.tsx';
import { useDecisionSend } from './use-decision-send.ts';
import styles from './decisions.module.css';

/**
 * 'Согласовать ремонт?' for one, the selected or all statements (cabinet.md §4 Approval). With
 * points on the account the confirmation hands over to the points popup instead of sending;
 * otherwise it sends the approval as the end of the sequence.
 */
export function ApproveDialog({ balls, ...flow }: DecisionFlowProps & { balls: number }) {
  const { request, onClose, onDone, onChanged } = flow;
  const [withPoints, setWithPoints] = useState(false);
  const sender = useDecisionSend({
    onSuccess: (answer) => onDone(answer.message, answer.queued),
    onConflict: onChanged,
  });

  if (withPoints) return <PointsDialog {...flow} />;

  const confirm = () => {
    if (balls > 0) {
      setWithPoints(true);
      return;
    }
    void sender.send(
      { ticket_id: request.ticketId, defects: seenStatements(request.statements), end: true },
      approve,
      request.statements,
    );
  };
  const single = request.statements.length === 1;

  return (
    <DecisionDialogShell
      title="Согласовать ремонт?"
      request={request}
      sender={sender}
      onClose={onClose}
      confirmLabel="Согласовать"
      onConfirm={confirm}
    >
      <p className={styles.lead}>
        {single
          ? 'Сервисный центр выполнит ремонт по условиям этой ведомости.'
          : 'Сервисный центр выполнит ремонт по условиям этих ведомостей.'}
      </p>
      <StatementList statements={request.statements} />
      {balls > 0 ? <p className={styles.note}>На следующем шаге можно списать бонусы или выбрать подарок.</p> : null}
    </DecisionDialogShell>
  );
}
