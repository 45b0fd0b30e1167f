import { decisionMessages } from '#shared/api/decisions.ts';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { defectStatusLabel } from '#shared/dictionaries/defect-statuses.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import type { ConflictStatement, SendState } from './use-decision-send.ts';
import styles from './decisions.module.css';

/** `agreed` codes of a statement (src/shared/api/tickets.ts): what was decided, in words. */
const AGREED_LABELS: Record<number, string> = {
  1: 'ремонт согласован',
  2: 'от ремонта отказались',
  3: 'ремонт на обсуждении',
  4: 'обмен на новый инструмент',
};

/** A failed send under the form; 'Повторить' repeats it with the same Idempotency-Key. */
export function SendFailure({ state, onRetry }: { state: SendState; onRetry: () => void }) {
  const failed = state.phase === 'failed' ? state : null;
  return (
    <FormMessage tone="error">
      {failed ? (
        <span className={styles.failure}>
          <span>{failed.error.message}</span>
          {failed.retryable ? (
            <Button variant="secondary" onClick={onRetry}>
              Повторить
            </Button>
          ) : null}
        </span>
      ) : null}
    </FormMessage>
  );
}

function changesOf(seen: DefectStatement, now: ConflictStatement): string[] {
  const lines: string[] = [];
  if (now.sum !== seen.sum) lines.push(`Стоимость работ: было ${formatMoney(seen.sum)}, стало ${formatMoney(now.sum)}`);
  if (now.status !== seen.status) lines.push(`Статус: было «${defectStatusLabel(seen.status)}», стало «${defectStatusLabel(now.status)}»`);
  if (now.agreed !== 0 && now.agreed !== seen.agreed) lines.push(`Решение уже принято: ${AGREED_LABELS[now.agreed] ?? 'ведомость закрыта'}`);
  return lines;
}

/**
 * A 409: the quote changed (or was decided) after the user saw it. Says so in Russian and lists
 * what changed per statement, so the user decides again knowing the new terms.
 */
export function ConflictView({ message, seen, current }: { message: string; seen: DefectStatement[]; current: ConflictStatement[] }) {
  const changed = seen.flatMap((statement) => {
    const now = current.find((candidate) => candidate.id === statement.id);
    if (!now) return [];
    const lines = changesOf(statement, now);
    return now.version !== statement.version || lines.length > 0 ? [{ statement, lines }] : [];
  });
  return (
    <div className={styles.conflict}>
      <FormMessage tone="error">{message || decisionMessages.conflict}</FormMessage>
      {changed.length > 0 ? (
        <>
          <h3 className={styles.subheading}>Что изменилось</h3>
          <ul className={styles.changes}>
            {changed.map(({ statement, lines }) => (
              <li key={statement.id} className={styles.change}>
                <span className={styles.changeName}>
                  {statement.name} <span className={styles.muted}>№&nbsp;{statement.series}</span>
                </span>
                {lines.length > 0 ? (
                  lines.map((line) => <span key={line}>{line}</span>)
                ) : (
                  <span>Сервисный центр обновил ведомость</span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className={styles.note}>Данные заявки обновлены.</p>
    </div>
  );
}
