import { useEffect, useState } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { ballsForDiscount } from '#shared/screens/decisions.ts';
import { toKopecks } from '#shared/format/number/kopecks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { approve, loadLoyalty, type DecisionAnswer, type Loyalty } from './api.ts';
import type { PointsChoice } from './approval-sequence.ts';
import { seenStatements } from './flow-props.ts';
import { PointsChoices, type PointsMode } from './points-choices.tsx';
import { PointsStepHeader } from './points-step-header.tsx';
import { ConflictView, SendFailure } from './send-status.tsx';
import { useDecisionSend } from './use-decision-send.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import styles from './decisions.module.css';

export interface PointsStepProps {
  ticketId: number;
  statement: DefectStatement;
  /** 1-based position in the sequence, and its length. */
  step: number;
  total: number;
  /** What was chosen for the statement before this one, in words, for a word of confirmation. */
  previousChoice: string | null;
  /** Points promised to the earlier statements of the sequence: not on offer here any more. */
  reserved?: number;
  /**
   * Given: the step only chooses, and the popup sends every approval after the last step
   * (approval-sequence.ts); `busy` then says that sending is under way. Not given: the step sends
   * its own approval (a single statement).
   */
  onChoose?: (choice: PointsChoice) => void;
  busy?: boolean;
  onApproved: (answer: DecisionAnswer) => void;
  onConflict: () => void;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** The loyalty offer less the points already promised to earlier statements of the sequence. */
export function withoutReserved(loyalty: Loyalty, reserved: number, sum: string): Loyalty {
  if (reserved <= 0) return loyalty;
  const left = Math.max(0, loyalty.ballsAvailable - reserved);
  return {
    ballsAvailable: left,
    ballsForDiscount: Math.min(loyalty.ballsForDiscount, ballsForDiscount(sum, left)),
    giftsAvailable: loyalty.giftsAvailable.map((gift) => ({
      ...gift,
      is_available: gift.is_available && gift.cost <= left,
      need_balls: Math.max(gift.need_balls, gift.cost - left),
    })),
  };
}

/** One statement of the points popup: approve it with points, with a gift, or without either. */
export function PointsStep({
  ticketId,
  statement,
  step,
  total,
  previousChoice,
  reserved = 0,
  onChoose,
  busy = false,
  onApproved,
  onConflict,
  onClose,
  onBusyChange,
}: PointsStepProps) {
  const free = toKopecks(statement.sum ?? '0') === 0n;
  // A free repair has nothing to pay with points: skip the loyalty call (cabinet.md §2 plain view).
  const remote = useRemote(free ? null : (signal) => loadLoyalty(statement.id, signal), statement.id);
  // The previous statement's figures are not shown while this one's load.
  const loyalty =
    remote.loading || remote.data === null ? null : withoutReserved(remote.data, reserved, statement.sum ?? '0');
  const [mode, setMode] = useState<PointsMode>('none');
  const [serverErrors, setServerErrors] = useState<{ balls?: string; gift?: string }>({});
  const last = step === total;

  const sender = useDecisionSend({
    onSuccess: onApproved,
    onConflict,
    onInvalid: (error) => {
      const balls = error.field('balls');
      const gift = error.field('gift');
      if (balls) {
        setMode('balls');
        setServerErrors({ balls });
      } else if (gift) {
        setMode('gift');
        setServerErrors({ gift });
      }
      return Boolean(balls ?? gift);
    },
  });
  const sending = sender.sending || busy;

  useEffect(() => onBusyChange(sending), [sending, onBusyChange]);

  const send = (choice: { balls?: number; gift?: number }) => {
    if (onChoose) {
      const gift = loyalty?.giftsAvailable.find((candidate) => candidate.id === choice.gift) ?? null;
      onChoose({ balls: choice.balls ?? 0, gift });
      return;
    }
    void sender.send(
      {
        ticket_id: ticketId,
        defects: seenStatements([statement]),
        balls: choice.balls ?? 0,
        gift: choice.gift ?? null,
        end: last,
      },
      approve,
      [statement],
    );
  };
  const switchMode = (next: PointsMode) => {
    setMode((current) => (current === next ? 'none' : next));
    setServerErrors({});
    sender.dismiss();
  };

  const header = <PointsStepHeader statement={statement} step={step} total={total} previousChoice={previousChoice} />;

  if (sender.state.phase === 'conflict') {
    return (
      <div className={styles.stack}>
        {header}
        <ConflictView message={sender.state.message} seen={[statement]} current={sender.state.current} />
        <Button block onClick={onClose}>
          Понятно
        </Button>
      </div>
    );
  }

  const plain = free || (loyalty !== null && loyalty.ballsAvailable <= 0);
  const failure = <SendFailure state={sender.state} onRetry={() => void sender.retry()} />;

  if (plain) {
    return (
      <div className={styles.stack}>
        {header}
        {failure}
        <Button block onClick={() => send({})} loading={sending}>
          Согласовать
        </Button>
      </div>
    );
  }

  if (loyalty === null) {
    return (
      <div className={styles.stack}>
        {header}
        {remote.failure ? (
          <div className={styles.stack}>
            <FormMessage tone="error">{remote.failure}</FormMessage>
            <Button variant="secondary" block onClick={remote.reload}>
              Загрузить бонусы ещё раз
            </Button>
            {failure}
            <Button block onClick={() => send({})} loading={sending}>
              Согласовать без использования бонусов
            </Button>
          </div>
        ) : (
          <div className={styles.loading}>
            <Spinner label="Загружаем бонусы…" />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      {header}
      <PointsChoices
        loyalty={loyalty}
        mode={mode}
        onSwitch={switchMode}
        serverErrors={serverErrors}
        onServerErrorClear={() => setServerErrors({})}
        sending={sending}
        onSend={send}
      />
      {failure}
      <Button
        block
        variant={mode === 'none' ? 'primary' : 'secondary'}
        onClick={() => send({})}
        loading={sending && mode === 'none'}
        disabled={sending && mode !== 'none'}
      >
        Согласовать без использования бонусов
      </Button>
    </div>
  );
}
