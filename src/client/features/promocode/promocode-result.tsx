import { useEffect, useRef, useState } from 'react';
import { useRouter, type AnyRouter } from '@tanstack/react-router';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import { PROMOCODE_MESSAGES } from '#shared/screens/promocodes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { asApiError } from '#client/lib/http.ts';
import { redeemPromocode } from './api.ts';
import { PROMOCODE_PARAM } from './promocode-link.ts';
import styles from './promocode.module.css';

type Outcome = { state: 'sending' } | { state: 'credited'; points: number } | { state: 'refused'; reason: string };

export interface PromocodeResultProps {
  code: string;
  /** The points were credited: the user data (and with it the balance) is loaded again. */
  onApplied: () => void;
  onClose: () => void;
  /** The code came with a ?promocode= link: closing takes it out of the address, so a reload does not send it again. */
  fromLink?: boolean;
}

/** Takes ?promocode= out of the address (through the router when there is one), keeping the rest. */
function useDropPromocodeParam(): () => void {
  const router = useRouter({ warn: false }) as AnyRouter | undefined;
  return () => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(PROMOCODE_PARAM)) return;
    url.searchParams.delete(PROMOCODE_PARAM);
    const href = `${url.pathname}${url.search}${url.hash}`;
    if (router) router.history.replace(href, router.history.location.state);
    else window.history.replaceState(window.history.state, '', href);
  };
}

export const SENDING_TITLE = 'Применяем промокод…';

/**
 * The promo-code result popup (portal.md §2.3, §4.3, §8): it sends the code as it opens, then shows
 * the congratulations with the points, or the refusal's `errors.code` text as its heading.
 */
export function PromocodeResult({ code, onApplied, onClose: close, fromLink = false }: PromocodeResultProps) {
  const dropParam = useDropPromocodeParam();
  const onClose = () => {
    if (fromLink) dropParam();
    close();
  };
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

  const title =
    outcome.state === 'sending'
      ? SENDING_TITLE
      : outcome.state === 'credited'
        ? PROMOCODE_MESSAGES.congratulations
        : outcome.reason;
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
