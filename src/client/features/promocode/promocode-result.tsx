import { useEffect, useRef, useState } from 'react';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import { PROMOCODE_MESSAGES } from '#shared/api/promocodes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { asApiError } from '#client/lib/http.ts';
import { redeemPromocode } from './api.ts';
import styles from './promocode.module.css';

type Outcome = { state: 'sending' } | { state: 'credited'; points: number } | { state: 'refused'; reason: string };

export interface PromocodeResultProps {
  code: string;
  /** The points were credited: the user data (and with it the balance) is loaded again. */
  onApplied: () => void;
  onClose: () => void;
}

export const SENDING_TITLE = 'Применяем промокод…';

/**
 * The promo-code result popup (portal.md §2.3, §4.3, §8): it sends the code as it opens, then shows
 * the congratulations with the points, or the refusal's `errors.code` text as its heading.
 */
export function PromocodeResult({ code, onApplied, onClose }: PromocodeResultProps) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'sending' });
  const sent = useRef(false);
  const onAppliedRef = useRef(onApplied);
  useEffect(() => {
    onAppliedRef.current = onApplied;
  });

  useEffect(() => {
    // Once per popup: a code is spent by the first send (React may run this effect twice in development).
    if (sent.current) return;
    sent.current = true;
    redeemPromocode(code).then(
      (points) => {
        setOutcome({ state: 'credited', points });
        onAppliedRef.current();
      },
      (error: unknown) => {
        const refusal = asApiError(error);
        setOutcome({ state: 'refused', reason: refusal.field('code') ?? refusal.message });
      },
    );
  }, [code]);

  const title = outcome.state === 'sending' ? SENDING_TITLE : outcome.state === 'credited' ? PROMOCODE_MESSAGES.congratulations : outcome.reason;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <Button onClick={onClose} disabled={outcome.state === 'sending'}>
          {outcome.state === 'refused' ? 'Понятно' : 'Отлично'}
        </Button>
      }
    >
      <div className={styles.result} aria-live="polite">
        {outcome.state === 'sending' ? <Spinner label={SENDING_TITLE} /> : null}
        {outcome.state === 'credited' ? (
          <p className={styles.points}>
            Вам начислено <strong>{countOf(outcome.points, BONUS_FORMS)}</strong> по промокоду {code}.
          </p>
        ) : null}
        {outcome.state === 'refused' ? <p className={styles.muted}>Промокод: {code}</p> : null}
      </div>
    </Modal>
  );
}
