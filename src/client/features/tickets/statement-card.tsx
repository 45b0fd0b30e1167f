import { isUndecided } from '#shared/dictionaries/statement-decisions.ts';
import { useId, useState } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { defectStatusLabel } from '#shared/dictionaries/defect-statuses.ts';
import { instrumentTypeLabel } from '#shared/dictionaries/instruments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { InstrumentFacts } from './instrument-facts.tsx';
import { StatementDetails } from './statement-card-details.tsx';
import styles from './statement-card.module.css';

/** What the clinic decided on a statement (agreed ≠ 0), as the card shows it. */
export const DECISION_LABELS: Readonly<Record<number, string>> = {
  1: 'Работы согласованы',
  2: 'Отказ от ремонта',
  3: 'На обсуждении',
  4: 'Обмен на новый инструмент',
};

export interface StatementActions {
  onApprove(statement: DefectStatement): void;
  onReject(statement: DefectStatement): void;
  onDiscuss(statement: DefectStatement): void;
  onTradeIn(statement: DefectStatement): void;
}

export interface StatementCardProps extends StatementActions {
  statement: DefectStatement;
  /** False on a finished ticket: nothing to tick for the mass actions there. */
  selectable: boolean;
  selected: boolean;
  /** A decision on it is kept by the service worker and not sent yet: no buttons, 'Ожидает отправки'. */
  pending?: boolean;
  onSelectedChange(statement: DefectStatement, selected: boolean): void;
}

/** One defect statement (cabinet.md §2 Defect statement card). */
export function StatementCard({ statement, selectable, selected, pending = false, onSelectedChange, ...actions }: StatementCardProps) {
  const [open, setOpen] = useState(false);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const detailsId = `${baseId}-details`;
  const notAgreed = isUndecided(statement) && !pending;
  const title = statement.name || instrumentTypeLabel(statement.type);

  return (
    <article className={[styles.card, selected ? styles.selected : ''].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <div className={styles.head}>
        {notAgreed && selectable && (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => onSelectedChange(statement, event.currentTarget.checked)}
              aria-label={`Выбрать: ${title}, серийный номер ${statement.series}`}
            />
          </label>
        )}
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        <span className={styles.status} data-status={statement.status}>
          {defectStatusLabel(statement.status)}
        </span>
      </div>

      <InstrumentFacts serial={statement.series} type={statement.type} note={{ label: 'Дефект', text: statement.defect }} />

      <button
        type="button"
        className={styles.more}
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
      >
        Подробнее
        <Icon name="chevron" size={18} className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      <div id={detailsId} hidden={!open}>
        {open && <StatementDetails statement={statement} />}
      </div>

      {pending && isUndecided(statement) ? (
        <p className={styles.decision} data-pending="true">
          <span className={styles.decisionLabel}>Решение:</span> Ожидает отправки
        </p>
      ) : notAgreed ? (
        <div className={styles.actions}>
          <Button className={styles.approve} onClick={() => actions.onApprove(statement)}>
            Согласовать
          </Button>
          <Button variant="secondary" onClick={() => actions.onDiscuss(statement)}>
            Обсудить
          </Button>
          <Button variant="secondary" onClick={() => actions.onReject(statement)}>
            Отказ
          </Button>
          {statement.trade_is_enabled && (
            <Button variant="secondary" className={styles.tradeIn} onClick={() => actions.onTradeIn(statement)}>
              Обмен на новый инструмент
            </Button>
          )}
        </div>
      ) : (
        <p className={styles.decision} data-agreed={statement.agreed}>
          <span className={styles.decisionLabel}>Решение:</span> {DECISION_LABELS[statement.agreed] ?? 'Решение принято'}
        </p>
      )}
    </article>
  );
}
