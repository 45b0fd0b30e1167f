import { useEffect, useRef } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { loadTradeInList } from './api.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import styles from './decisions.module.css';

/** The trade-in just approved: the answer's words (or the worker's, when it keeps it for later), and what was chosen for how much. */
export interface TradeInDone {
  message: string;
  title: string;
  price: string;
}

export interface TradeInListProps {
  statement: DefectStatement | undefined;
  /** The entry whose 'Подробнее' gets focus when the user comes back from its detail. */
  focusId: number | null;
  /** Set once the trade-in is approved: the list says so above the entries. */
  done?: TradeInDone | null;
  /** Just back from the approval: that line takes focus (the detail and its button are gone). */
  focusDone?: boolean;
  onChoose: (id: number) => void;
}

/** 'Выберите инструмент из списка:': picture, title, price with the trade-in discount, 'Подробнее'. */
export function TradeInList({ statement, focusId, done = null, focusDone = false, onChoose }: TradeInListProps) {
  const remote = useRemote(loadTradeInList);
  const items = remote.loading ? null : remote.data;
  const listRef = useRef<HTMLUListElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Back from an approval: reading starts at what was agreed.
    if (focusDone) {
      doneRef.current?.focus();
      return;
    }
    if (!items || focusId === null) return;
    listRef.current?.querySelector<HTMLElement>(`[data-instrument="${focusId}"]`)?.focus();
  }, [items, focusId, focusDone]);

  return (
    <div className={styles.stack}>
      {done ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- A live region around two paragraphs, which <output> may not hold.
        <div ref={doneRef} role="status" tabIndex={-1} className={styles.tradeInDone}>
          <p className={styles.lead}>{done.message}</p>
          <p className={styles.lead}>
            Новый инструмент: «{done.title}» за <span className={styles.price}>{formatMoney(done.price)}</span>
          </p>
        </div>
      ) : null}
      {statement ? (
        <p className={styles.lead}>
          Ваш инструмент: {statement.name} <span className={styles.muted}>№&nbsp;{statement.series}</span>
        </p>
      ) : null}
      <h3 className={styles.subheading}>Выберите инструмент из списка:</h3>
      <RemoteView
        remote={remote}
        keepLastData={false}
        retryClassName={styles.stack}
        skeleton={
          <div className={styles.loading}>
            <Spinner label="Загружаем инструменты…" />
          </div>
        }
        empty={<p className={styles.note}>Сейчас нет инструментов для обмена.</p>}
      >
        {(entries) => (
          <ul ref={listRef} className={styles.tradeInList}>
            {entries.map((item) => (
              <li key={item.id} className={styles.tradeInItem}>
                {item.list_img ? (
                  <img
                    className={styles.tradeInImage}
                    src={item.list_img}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                ) : (
                  <span className={styles.tradeInImage} aria-hidden="true" />
                )}
                <span className={styles.tradeInText}>
                  <span className={styles.tradeInTitle}>{item.title}</span>
                  <span className={styles.price}>{formatMoney(item.price_discount)}</span>
                </span>
                <Button variant="secondary" data-instrument={item.id} onClick={() => onChoose(item.id)}>
                  Подробнее<span className="visually-hidden"> об инструменте {item.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </RemoteView>
    </div>
  );
}
