import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { approve } from './api.ts';
import { seenStatements, type DecisionFlowProps } from './flow-props.ts';
import { PointsDialog } from './points-dialog.tsx';
import { ConflictView, SendFailure } from './send-status.tsx';
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
  const sender = useDecisionSend({ onSuccess: (answer) => onDone(answer.message), onConflict: onChanged });
  const conflict = sender.state.phase === 'conflict' ? sender.state : null;

  if (withPoints) return <PointsDialog {...flow} />;

  const confirm = () => {
    if (balls > 0) {
      setWithPoints(true);
      return;
    }
    void sender.send({ ticket_id: request.ticketId, defects: seenStatements(request.statements), end: true }, approve);
  };
  // A send under way finishes in this popup: closing it then would hide the outcome.
  const close = () => {
    if (!sender.sending) onClose();
  };
  const single = request.statements.length === 1;

  return (
    <Modal
      open
      title={conflict ? 'Ведомость изменилась' : 'Согласовать ремонт?'}
      onClose={close}
      size="md"
      footer={
        conflict ? (
          <Button onClick={onClose}>Понятно</Button>
        ) : (
          <div className={styles.footerButtons}>
            <Button variant="secondary" onClick={close}>
              Отмена
            </Button>
            <Button onClick={confirm} loading={sender.sending}>
              Согласовать
            </Button>
          </div>
        )
      }
    >
      {conflict ? (
        <ConflictView message={conflict.message} seen={request.statements} current={conflict.current} />
      ) : (
        <div className={styles.stack}>
          <p className={styles.lead}>
            {single
              ? 'Сервисный центр выполнит ремонт по условиям этой ведомости.'
              : 'Сервисный центр выполнит ремонт по условиям этих ведомостей.'}
          </p>
          <StatementList statements={request.statements} />
          {balls > 0 ? <p className={styles.note}>На следующем шаге можно списать бонусы или выбрать подарок.</p> : null}
          <SendFailure state={sender.state} onRetry={() => void sender.retry()} />
        </div>
      )}
    </Modal>
  );
}
