import { useId, type ReactNode } from 'react';
import { formatPoints } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import type { Loyalty } from './api.ts';
import { BallsForm } from './balls-form.tsx';
import { GiftForm } from './gift-form.tsx';
import styles from './decisions.module.css';

/** The form modes of cabinet.md §4: opening one closes the other. */
export type PointsMode = 'none' | 'balls' | 'gift';

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

export interface PointsChoicesProps {
  loyalty: Loyalty;
  mode: PointsMode;
  /** Opens that form, or closes it when it is the one open. */
  onSwitch: (mode: PointsMode) => void;
  /** The server's refusal of the points or the gift, under its form. */
  serverErrors: { balls?: string; gift?: string };
  onServerErrorClear: () => void;
  sending: boolean;
  onSend: (choice: { balls?: number; gift?: number }) => void;
}

/** What the points can do for this repair (cabinet.md §4): the figures, then 'Списать в счет ремонта' or 'Выбрать подарок'. */
export function PointsChoices({
  loyalty,
  mode,
  onSwitch,
  serverErrors,
  onServerErrorClear,
  sending,
  onSend,
}: PointsChoicesProps) {
  const id = useId();
  const { ballsAvailable, ballsForDiscount, giftsAvailable } = loyalty;
  const ballsId = `${id}-balls`;
  const giftId = `${id}-gift`;
  return (
    <>
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
        <ModeToggle open={mode === 'balls'} controls={ballsId} onClick={() => onSwitch('balls')}>
          Списать в счет ремонта
        </ModeToggle>
        {mode === 'balls' ? (
          <BallsForm
            id={ballsId}
            limit={ballsForDiscount}
            sending={sending}
            serverError={serverErrors.balls}
            onServerErrorClear={onServerErrorClear}
            onSubmit={(balls) => onSend({ balls })}
          />
        ) : null}
        <ModeToggle open={mode === 'gift'} controls={giftId} onClick={() => onSwitch('gift')}>
          Выбрать подарок
        </ModeToggle>
        {mode === 'gift' ? (
          <GiftForm
            id={giftId}
            gifts={giftsAvailable}
            sending={sending}
            serverError={serverErrors.gift}
            onServerErrorClear={onServerErrorClear}
            onSubmit={(gift) => onSend({ gift })}
          />
        ) : null}
      </div>
    </>
  );
}
