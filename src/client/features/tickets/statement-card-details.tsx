import type { DefectStatement } from '#shared/api/tickets.ts';
import { toKopecks } from '#shared/format/number/kopecks.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { externalUrl } from './ticket-page-format.ts';
import styles from './statement-card.module.css';

/** The cost of works, or '---' while there is none ('0.00'; cabinet.md §2). */
export function statementCost(sum: string | null): string {
  // No prices with 'Только заявки' (ADR 0049): shown like a cost not known yet.
  if (sum === null) return '---';
  try {
    return toKopecks(sum) === 0n ? '---' : formatMoney(sum);
  } catch {
    return '---';
  }
}

/** The expanded part of a statement card: conclusion, documents, photos, departure, cost. */
export function StatementDetails({ statement }: { statement: DefectStatement }) {
  const departure = externalUrl(statement.departure);
  return (
    <dl className={styles.details}>
      <div>
        <dt>Заключение</dt>
        <dd>{statement.conclusion || '—'}</dd>
      </div>
      {statement.download_link && (
        <div>
          <dt>Дефектная ведомость</dt>
          <dd>
            <a href={statement.download_link} target="_blank" rel="noopener" className={styles.link}>
              Скачать ведомость (PDF)
            </a>
          </dd>
        </div>
      )}
      {statement.photos.length > 0 && (
        <div>
          <dt>Фотографии</dt>
          <dd>
            <ul className={styles.photos}>
              {statement.photos.map((photo) => (
                <li key={photo.id}>
                  <a href={photo.relativeUrl} download={photo.original_name} className={styles.link}>
                    {photo.original_name}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {departure && (
        <div>
          <dt>Отправка</dt>
          <dd>
            <a href={departure} target="_blank" rel="noopener noreferrer" className={styles.link}>
              Отследить отправление
            </a>
          </dd>
        </div>
      )}
      <div>
        <dt>Стоимость работ</dt>
        <dd className={styles.cost}>{statementCost(statement.sum)}</dd>
      </div>
    </dl>
  );
}
