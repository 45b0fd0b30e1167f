import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { tradeIn } from './api.ts';
import type { DecisionFlowProps } from './flow-props.ts';
import { ConflictView } from './send-status.tsx';
import { TradeInDetailView } from './trade-in-detail.tsx';
import { TradeInList } from './trade-in-list.tsx';
import { useDecisionSend } from './use-decision-send.ts';
import styles from './decisions.module.css';

/**
 * Trade-in (cabinet.md §2, §4): the list of new instruments offered for the old one, the detail of
 * one, and 'Согласовать в счет нового инструмента'. Also opened from outside the ticket page: the
 * popup lives in the cabinet shell.
 */
export function TradeInDialog({ request, onClose, onDone, onChanged }: DecisionFlowProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [instrumentError, setInstrumentError] = useState<string>();
  // The entry to focus again on 'Выбрать другой инструмент'.
  const [lastChosen, setLastChosen] = useState<number | null>(null);
  const statement = request.statements[0];
  const sender = useDecisionSend({
    onSuccess: (answer) => onDone(answer.message, answer.queued),
    onConflict: onChanged,
    onInvalid: (error) => {
      setInstrumentError(error.field('instrument_id'));
      return error.field('instrument_id') !== undefined;
    },
  });
  const conflict = sender.state.phase === 'conflict' ? sender.state : null;
  const close = () => {
    if (!sender.sending) onClose();
  };

  const choose = (id: number | null) => {
    if (id !== null) setLastChosen(id);
    setInstrumentError(undefined);
    sender.dismiss();
    setChosen(id);
  };
  const approveTradeIn = (instrumentId: number) => {
    if (!statement) return;
    void sender.send(
      {
        ticket_id: request.ticketId,
        defect: { id: statement.id, version: statement.version },
        instrument_id: instrumentId,
        end: true,
      },
      tradeIn,
      [statement],
    );
  };

  let body;
  if (conflict) {
    body = (
      <div className={styles.stack}>
        <ConflictView message={conflict.message} seen={request.statements} current={conflict.current} />
        <Button block onClick={onClose}>
          Понятно
        </Button>
      </div>
    );
  } else if (chosen === null) {
    body = <TradeInList statement={statement} focusId={lastChosen} onChoose={choose} />;
  } else {
    body = (
      <TradeInDetailView
        id={chosen}
        sendState={sender.state}
        instrumentError={instrumentError}
        onBack={() => choose(null)}
        onApprove={approveTradeIn}
        onRetry={() => void sender.retry()}
      />
    );
  }

  return (
    <Modal open title="Получите новый инструмент в счет старого!" onClose={close} size="lg">
      {body}
    </Modal>
  );
}
