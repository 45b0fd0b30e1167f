import type { DefectStatement } from '#shared/api/tickets.ts';
import { instrumentDisplayName } from '#shared/dictionaries/instruments.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { sumMoney } from '#shared/format/number/kopecks.ts';
import styles from './decisions.module.css';

/** The statements a decision is about, each with its cost, and their total when there are several. */
export function StatementList({
  statements,
  showTotal = true,
}: {
  statements: DefectStatement[];
  showTotal?: boolean;
}) {
  return (
    <div className={styles.statements}>
      <ul className={styles.statementList} aria-label="Дефектные ведомости">
        {statements.map((statement) => (
          <li key={statement.id} className={styles.statement}>
            <span className={styles.statementName}>
              {instrumentDisplayName(statement)} <span className={styles.serial}>№&nbsp;{statement.series}</span>
            </span>
            <span className={styles.money}>{formatMoney(statement.sum)}</span>
          </li>
        ))}
      </ul>
      {showTotal ? (
        <p className={styles.total}>
          <span>Итого</span>
          <strong className={styles.money}>
            {formatMoney(sumMoney(statements.map((statement) => statement.sum ?? '0')))}
          </strong>
        </p>
      ) : null}
    </div>
  );
}
