import type { DefectStatement } from '#shared/api/tickets.ts';
import { formatDateTime } from '#shared/format/date.ts';
import styles from './statement-card.module.css';

/**
 * The clinic's question ('Обсудить') and the service centre's answer under it, on the statement
 * card. Shown above the buttons, which the answer brought back: the clinic reads it, then decides.
 */
export function DiscussionAnswer({ answer }: { answer: NonNullable<DefectStatement['answer']> }) {
  return (
    <section className={styles.decision} data-answered="" aria-label="Ответ сервисного центра">
      {answer.question && (
        <p className={styles.comment}>
          <span className={styles.decisionLabel}>Вопрос:</span> {answer.question}
        </p>
      )}
      <p className={styles.comment}>
        <span className={styles.decisionLabel}>Ответ сервисного центра</span>{' '}
        <time className={styles.decisionLabel} dateTime={answer.answered_at.replace(' ', 'T')}>
          ({formatDateTime(answer.answered_at)})
        </time>
        <span className={styles.decisionLabel}>:</span> {answer.text}
      </p>
    </section>
  );
}
