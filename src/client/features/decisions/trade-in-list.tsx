import { useEffect, useRef } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { loadTradeInList } from './api.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import styles from './decisions.module.css';

export interface TradeInListProps {
  statement: DefectStatement | undefined;
  /** The entry whose 'Подробнее' gets focus when the user comes back from its detail. */
  focusId: number | null;
  onChoose: (id: number) => void;
}

/** 'Выберите инструмент из списка:': picture, title, price with the trade-in discount, 'Подробнее'. */
export function TradeInList({ statement, focusId, onChoose }: TradeInListProps) {
  const remote = useRemote(loadTradeInList);
  const items = remote.loading ? null : remote.data;
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!items || focusId === null) return;
    listRef.current?.querySelector<HTMLElement>(`[data-instrument="${focusId}"]`)?.focus();
  }, [items, focusId]);

  return (
    <div className={styles.stack}>
      {statement ? (
        <p className={styles.lead}>
          Ваш инструмент: {statement.name} <span className={styles.muted}>№&nbsp;{statement.series}</span>
        </p>
      ) : null}
      <h3 className={styles.subheading}>Выберите инструмент из списка:</h3>
      {remote.failure ? (
        <div className={styles.stack}>
          <FormMessage tone="error">{remote.failure}</FormMessage>
          <Button variant="secondary" onClick={remote.reload}>
            Повторить
          </Button>
        </div>
      ) : !items ? (
        <div className={styles.loading}>
          <Spinner label="Загружаем инструменты…" />
        </div>
      ) : items.length === 0 ? (
        <p className={styles.note}>Сейчас нет инструментов для обмена.</p>
      ) : (
        <ul ref={listRef} className={styles.tradeInList}>
          {items.map((item) => (
            <li key={item.id} className={styles.tradeInItem}>
              {item.list_img ? (
                <img className={styles.tradeInImage} src={item.list_img} alt="" width={96} height={96} loading="lazy" />
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
    </div>
  );
}
