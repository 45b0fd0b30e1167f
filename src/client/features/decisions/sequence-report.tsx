import type { DefectStatement } from '#shared/api/tickets.ts';
import { instrumentDisplayName } from '#shared/dictionaries/instruments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import type { StepOutcome } from './approval-sequence.ts';
import styles from './decisions.module.css';

/** What became of one statement, after its name. */
function outcomeText(outcome: StepOutcome, sending: boolean): string {
  switch (outcome.state) {
    case 'applied':
      return 'согласовано';
    case 'queued':
      return 'ожидает отправки';
    case 'refused':
      return `не согласовано: ${outcome.message}`;
    case 'unsent':
      return `не отправлено: ${outcome.message}`;
    case 'waiting':
      return sending ? 'отправляется…' : 'не отправлено';
  }
}

export interface SequenceReportProps {
  statements: readonly DefectStatement[];
  outcomes: readonly StepOutcome[];
  sending: boolean;
  onRetry: () => void;
  onClose: () => void;
}

/**
 * The approvals of the points popup as they go, and, when some did not, what was applied and what
 * was not, in plain words: nothing is left half-done without a word.
 */
export function SequenceReport({ statements, outcomes, sending, onRetry, onClose }: SequenceReportProps) {
  const done = outcomes.filter((outcome) => outcome.state === 'applied' || outcome.state === 'queued').length;
  const retryable = outcomes.some((outcome) => outcome.state === 'unsent');
  return (
    <div className={styles.stack} aria-busy={sending}>
      {sending ? (
        <p className={styles.lead}>Отправляем решения…</p>
      ) : (
        <FormMessage tone="error">
          Согласовано {done} из {statements.length}.{' '}
          {retryable
            ? 'Остальное не отправлено: повторите, когда связь вернётся.'
            : 'Остальные ведомости ждут решения на странице заявки.'}
        </FormMessage>
      )}
      <ul className={styles.statementList} aria-label="Что стало с ведомостями">
        {statements.map((statement, index) => {
          const outcome = outcomes[index] ?? { state: 'waiting' };
          return (
            <li key={statement.id} className={styles.statement} data-outcome={outcome.state}>
              <span className={styles.statementName}>
                {instrumentDisplayName(statement)}
                <span className={styles.muted}> №&nbsp;{statement.series}</span>
              </span>
              {` — ${outcomeText(outcome, sending)}`}
            </li>
          );
        })}
      </ul>
      {sending ? null : (
        <div className={styles.footerButtons}>
          {retryable ? <Button onClick={onRetry}>Повторить</Button> : null}
          <Button variant={retryable ? 'secondary' : 'primary'} onClick={onClose}>
            Понятно
          </Button>
        </div>
      )}
    </div>
  );
}
