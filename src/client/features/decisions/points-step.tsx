import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { ballsForDiscount } from '#shared/screens/decisions.ts';
import { instrumentDisplayName } from '#shared/dictionaries/instruments.ts';
import { formatMoney, formatPoints } from '#shared/format/number/money.ts';
import { toKopecks } from '#shared/format/number/kopecks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { approve, loadLoyalty, type DecisionAnswer, type Loyalty } from './api.ts';
import type { PointsChoice } from './approval-sequence.ts';
import { BallsForm } from './balls-form.tsx';
import { seenStatements } from './flow-props.ts';
import { GiftForm } from './gift-form.tsx';
import { ConflictView, SendFailure } from './send-status.tsx';
import { useDecisionSend } from './use-decision-send.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import styles from './decisions.module.css';

/** The form modes of cabinet.md §4: opening one closes the other. */
type Mode = 'none' | 'balls' | 'gift';

/** Opens one of the two forms (and so closes the other); says which form it shows while open. */
function ModeToggle({
  open,
  controls,
  onClick,
  children,
}: {
  open: boolean;
  controls: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      block
      className={styles.modeToggle}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

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
  const id = useId();
  const free = toKopecks(statement.sum ?? '0') === 0n;
  // A free repair has nothing to pay with points: skip the loyalty call (cabinet.md §2 plain view).
  const remote = useRemote(free ? null : (signal) => loadLoyalty(statement.id, signal), statement.id);
  // The previous statement's figures are not shown while this one's load.
  const loyalty =
    remote.loading || remote.data === null ? null : withoutReserved(remote.data, reserved, statement.sum ?? '0');
  const [mode, setMode] = useState<Mode>('none');
  const [serverErrors, setServerErrors] = useState<{ balls?: string; gift?: string }>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
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
  // The next statement replaces the one just approved: bring the reader to its name.
  useEffect(() => {
    if (step > 1) headingRef.current?.focus();
  }, [step]);

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
  const switchMode = (next: Mode) => {
    setMode((current) => (current === next ? 'none' : next));
    setServerErrors({});
    sender.dismiss();
  };

  const header = (
    <div className={styles.stack}>
      {previousChoice ? <FormMessage tone="success">{previousChoice}</FormMessage> : null}
      {total > 1 ? (
        <p className={styles.stepLabel}>
          Инструмент {step} из {total}
          {last ? ' — последний' : ''}
        </p>
      ) : null}
      {total > 1 && !last ? (
        <p className={styles.note}>
          Ремонт будет согласован после выбора по всем инструментам: до этого ничего не отправляется.
        </p>
      ) : null}
      <h3 ref={headingRef} tabIndex={-1} className={styles.instrumentName}>
        {instrumentDisplayName(statement)} <span className={styles.serial}>№&nbsp;{statement.series}</span>
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>Стоимость ремонта</dt>
          <dd className={styles.money}>{formatMoney(statement.sum)}</dd>
        </div>
        <div className={styles.textFact}>
          <dt>Дефект</dt>
          <dd>{statement.defect}</dd>
        </div>
      </dl>
    </div>
  );

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

  const { ballsAvailable, ballsForDiscount, giftsAvailable } = loyalty;
  const ballsId = `${id}-balls`;
  const giftId = `${id}-gift`;
  return (
    <div className={styles.stack}>
      {header}
      <dl className={styles.facts}>
        <div>
          <dt>Можно списать в счёт ремонта</dt>
          <dd className={styles.money}>{formatPoints(ballsForDiscount)}</dd>
        </div>
        <div>
          <dt>Доступно на подарок</dt>
          <dd className={styles.money}>{formatPoints(ballsAvailable)}</dd>
        </div>
      </dl>
      <div className={styles.choices}>
        <ModeToggle open={mode === 'balls'} controls={ballsId} onClick={() => switchMode('balls')}>
          Списать в счет ремонта
        </ModeToggle>
        {mode === 'balls' ? (
          <BallsForm
            id={ballsId}
            limit={ballsForDiscount}
            sending={sending}
            serverError={serverErrors.balls}
            onServerErrorClear={() => setServerErrors({})}
            onSubmit={(balls) => send({ balls })}
          />
        ) : null}
        <ModeToggle open={mode === 'gift'} controls={giftId} onClick={() => switchMode('gift')}>
          Выбрать подарок
        </ModeToggle>
        {mode === 'gift' ? (
          <GiftForm
            id={giftId}
            gifts={giftsAvailable}
            sending={sending}
            serverError={serverErrors.gift}
            onServerErrorClear={() => setServerErrors({})}
            onSubmit={(gift) => send({ gift })}
          />
        ) : null}
      </div>
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
