import { useEffect, useRef, type ReactNode } from 'react';
import type { TradeInDetail } from '#shared/screens/decisions.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { loadTradeInInstrument } from './api.ts';
import { SendFailure } from './send-status.tsx';
import type { SendState } from './use-decision-send.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import styles from './decisions.module.css';

export interface TradeInDetailViewProps {
  id: number;
  sendState: SendState;
  /** The server's refusal of this instrument (422 on instrument_id). */
  instrumentError: string | undefined;
  /** The trade-in is approved already (another instrument chosen): this one is only looked at. */
  decided?: boolean;
  onBack: () => void;
  /** 'Согласовать в счет нового инструмента': the popup asks once, naming the instrument and its price. */
  onApprove: (instrument: TradeInDetail) => void;
  onRetry: () => void;
}

/** One offered instrument: picture, title, properties, its page, the price including the trade-in. */
export function TradeInDetailView({ id, sendState, ...card }: TradeInDetailViewProps) {
  const remote = useRemote((signal) => loadTradeInInstrument(id, signal), id);
  const back = (
    <Button variant="secondary" block onClick={card.onBack} disabled={sendState.phase === 'sending'}>
      Выбрать другой инструмент
    </Button>
  );
  return (
    // Another instrument's answer is not shown while this one's loads.
    <RemoteView
      remote={remote}
      keepLastData={false}
      retryClassName={styles.stack}
      retryActions={back}
      skeleton={
        <div className={styles.stack}>
          <div className={styles.loading}>
            <Spinner label="Загружаем инструмент…" />
          </div>
          {back}
        </div>
      }
    >
      {(instrument) => <InstrumentCard instrument={instrument} sendState={sendState} back={back} {...card} />}
    </RemoteView>
  );
}

interface InstrumentCardProps extends Omit<TradeInDetailViewProps, 'id' | 'onBack'> {
  instrument: TradeInDetail;
  back: ReactNode;
}

function InstrumentCard({
  instrument,
  sendState,
  instrumentError,
  decided = false,
  back,
  onApprove,
  onRetry,
}: InstrumentCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The list was replaced by the detail: start reading at its title.
  useEffect(() => {
    headingRef.current?.focus();
  }, [instrument]);

  return (
    <article className={styles.tradeInDetail} aria-labelledby={`trade-in-${instrument.id}`}>
      {instrument.page_img ? (
        <img className={styles.tradeInPicture} src={instrument.page_img} alt="" />
      ) : (
        <span className={styles.tradeInPicture} aria-hidden="true" />
      )}
      <div className={styles.stack}>
        <h3 id={`trade-in-${instrument.id}`} ref={headingRef} tabIndex={-1} className={styles.instrumentName}>
          {instrument.title}
        </h3>
        {instrument.properties.length > 0 ? (
          <ul className={styles.properties}>
            {instrument.properties.map((property) => (
              <li key={property}>{property}</li>
            ))}
          </ul>
        ) : null}
        <a className={styles.link} href={instrument.link} target="_blank" rel="noopener noreferrer">
          Страница инструмента<span className="visually-hidden"> (откроется в новой вкладке)</span>
        </a>
        <p className={styles.tradeInPrice}>
          <strong className={styles.price}>{formatMoney(instrument.price_discount)}</strong>
          <span className={styles.note}>Цена с учётом обмена вашего инструмента</span>
        </p>
        <FormMessage tone="error">{instrumentError}</FormMessage>
        <SendFailure state={sendState} onRetry={onRetry} />
        <div className={styles.choices}>
          {decided ? null : (
            <Button block onClick={() => onApprove(instrument)} loading={sendState.phase === 'sending'}>
              Согласовать в счет нового инструмента
            </Button>
          )}
          {back}
        </div>
      </div>
    </article>
  );
}
