import { useId, useRef, useState } from 'react';
import type { TradeInDetail } from '#shared/screens/decisions.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { tradeIn } from './api.ts';
import type { DecisionFlowProps } from './flow-props.ts';
import { ConflictView } from './send-status.tsx';
import { TradeInDetailView } from './trade-in-detail.tsx';
import { TradeInList, type TradeInDone } from './trade-in-list.tsx';
import { useDecisionSend } from './use-decision-send.ts';
import styles from './decisions.module.css';

/**
 * Trade-in (cabinet.md §2, §4): the list of new instruments offered for the old one, the detail of
 * one, and 'Согласовать в счет нового инструмента', which asks once, naming the instrument and its
 * price, before it sends. Approved, the popup goes back to the list (cabinet.md §4), which says what
 * was chosen and for how much; the ticket behind it reloads. Also opened from outside the ticket
 * page: the popup lives in the cabinet shell.
 */
export function TradeInDialog({ request, onClose, onChanged }: DecisionFlowProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [instrumentError, setInstrumentError] = useState<string>();
  // The entry to focus again on 'Выбрать другой инструмент'.
  const [lastChosen, setLastChosen] = useState<number | null>(null);
  /** The instrument 'Согласовать в счет нового инструмента' asks about; null while not asking. */
  const [asking, setAsking] = useState<TradeInDetail | null>(null);
  const [done, setDone] = useState<TradeInDone | null>(null);
  /** Just back at the list from the approval: its line about it takes focus (once, not on every return). */
  const [justDone, setJustDone] = useState(false);
  /** The instrument of the send under way: what the list names once it is approved. */
  const sent = useRef<TradeInDetail | null>(null);
  const statement = request.statements[0];
  const sender = useDecisionSend({
    onSuccess: (answer) => {
      const instrument = sent.current;
      if (instrument) setDone({ message: answer.message, title: instrument.title, price: instrument.price_discount });
      setJustDone(true);
      setChosen(null);
      // Kept by the worker for later: nothing changed on the server yet (the outbox's 'done' reloads).
      if (!answer.queued) onChanged();
    },
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
    setJustDone(false);
    setInstrumentError(undefined);
    sender.dismiss();
    setChosen(id);
  };
  const approveTradeIn = (instrument: TradeInDetail) => {
    setAsking(null);
    if (!statement) return;
    sent.current = instrument;
    void sender.send(
      {
        ticket_id: request.ticketId,
        defect: { id: statement.id, version: statement.version },
        instrument_id: instrument.id,
        price: instrument.price_discount,
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
    body = (
      <TradeInList statement={statement} focusId={lastChosen} done={done} focusDone={justDone} onChoose={choose} />
    );
  } else {
    body = (
      <TradeInDetailView
        id={chosen}
        sendState={sender.state}
        instrumentError={instrumentError}
        decided={done !== null}
        onBack={() => choose(null)}
        onApprove={setAsking}
        onRetry={() => void sender.retry()}
      />
    );
  }

  return (
    <Modal open title="Получите новый инструмент в счет старого!" onClose={close} size="lg">
      {body}
      {asking ? (
        <TradeInConfirmation
          instrument={asking}
          statementName={statement ? `${statement.name}, № ${statement.series}` : null}
          onConfirm={() => approveTradeIn(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </Modal>
  );
}

/**
 * The one question before a trade-in is sent: which new instrument, for how much, instead of the
 * repair. A dialog of its own over the popup: focus stays in it, and goes back to the button when it closes.
 */
function TradeInConfirmation({
  instrument,
  statementName,
  onConfirm,
  onCancel,
}: {
  instrument: TradeInDetail;
  statementName: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const textId = useId();
  return (
    <Modal
      open
      onClose={onCancel}
      title="Согласовать обмен?"
      size="sm"
      describedBy={textId}
      footer={
        <div className={styles.footerButtons}>
          <Button variant="secondary" onClick={onCancel}>
            Отмена
          </Button>
          <Button onClick={onConfirm}>Да, согласовать обмен</Button>
        </div>
      }
    >
      <div id={textId} className={styles.stack}>
        <p className={styles.lead}>
          Новый инструмент «{instrument.title}» за{' '}
          <strong className={styles.price}>{formatMoney(instrument.price_discount)}</strong> вместо ремонта
          {statementName ? ` инструмента ${statementName}` : ''}.
        </p>
        <p className={styles.note}>
          Цена с учётом обмена вашего инструмента. Изменить решение можно будет только через менеджера сервисного
          центра.
        </p>
      </div>
    </Modal>
  );
}
