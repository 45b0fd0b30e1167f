import { decisionMessages, type StatementTerms } from '#shared/screens/decisions.ts';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { StatementChanges } from './statement-changes.tsx';
import type { SendState } from './use-decision-send.ts';
import styles from './decisions.module.css';

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

/**
 * A 409: the quote changed (or was decided) after the user saw it. Says so in Russian and lists
 * what changed per statement, so the user decides again knowing the new terms.
 */
export function ConflictView({
  message,
  seen,
  current,
}: {
  message: string;
  seen: DefectStatement[];
  current: StatementTerms[];
}) {
  const items = seen.flatMap((statement) => {
    const now = current.find((candidate) => candidate.id === statement.id);
    const title = (
      <>
        {statement.name} <span className={styles.muted}>№&nbsp;{statement.series}</span>
      </>
    );
    return now ? [{ id: statement.id, title, seen: statement, now }] : [];
  });
  return (
    <div className={styles.conflict}>
      <FormMessage tone="error">{message || decisionMessages.conflict}</FormMessage>
      <StatementChanges items={items} />
      <p className={styles.note}>Данные заявки обновлены.</p>
    </div>
  );
}
