import { useEffect, useRef } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { instrumentDisplayName } from '#shared/dictionaries/instruments.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import styles from './decisions.module.css';

export interface PointsStepHeaderProps {
  statement: DefectStatement;
  /** 1-based position in the sequence, and its length. */
  step: number;
  total: number;
  /** What was chosen for the statement before this one, in words. */
  previousChoice: string | null;
}

/** The points popup's statement (cabinet.md §4): where in the sequence, the instrument, its cost and defect. */
export function PointsStepHeader({ statement, step, total, previousChoice }: PointsStepHeaderProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const last = step === total;
  // The next statement replaces the one just approved: bring the reader to its name.
  useEffect(() => {
    if (step > 1) headingRef.current?.focus();
  }, [step]);
  return (
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
}
