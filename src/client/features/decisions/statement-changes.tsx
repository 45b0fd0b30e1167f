import type { ReactNode } from 'react';
import type { StatementTerms } from '#shared/screens/decisions.ts';
import { defectStatusLabel } from '#shared/dictionaries/defect-statuses.ts';
import { AGREED_LABELS, isUndecided } from '#shared/dictionaries/statement-decisions.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import styles from './statement-changes.module.css';

type Terms = Pick<StatementTerms, 'version' | 'sum' | 'status' | 'agreed'>;

export interface StatementChange {
  id: number;
  /** How the list names the statement. */
  title: ReactNode;
  /** The terms the user decided on; undefined when not known (then only how it is now is shown). */
  seen: Terms | undefined;
  /** The terms now, from the server's 409. */
  now: StatementTerms;
}

function decided(now: Terms): string {
  return `Решение уже принято: ${AGREED_LABELS[now.agreed] ?? 'ведомость закрыта'}`;
}

/** Only what differs, was → now; null when the statement is as the user saw it (another one changed). */
function changeLines(seen: Terms, now: Terms): string[] | null {
  const lines: string[] = [];
  if (now.sum !== seen.sum) lines.push(`Стоимость работ: было ${formatMoney(seen.sum)}, стало ${formatMoney(now.sum)}`);
  if (now.status !== seen.status)
    lines.push(`Статус: было «${defectStatusLabel(seen.status)}», стало «${defectStatusLabel(now.status)}»`);
  if (!isUndecided(now) && now.agreed !== seen.agreed) lines.push(decided(now));
  if (lines.length > 0) return lines;
  return now.version !== seen.version ? ['Сервисный центр обновил ведомость'] : null;
}

function currentLines(now: Terms): string[] {
  const lines = [`Сейчас: стоимость работ ${formatMoney(now.sum)}, статус «${defectStatusLabel(now.status)}»`];
  if (!isUndecided(now)) lines.push(decided(now));
  return lines;
}

/**
 * 'Что изменилось' after a refused decision (409): per statement, what differs from what the user
 * saw — cost, status, a decision made meanwhile — or, when that is not known, how it is now. Used
 * by the decision popups and by the list of decisions the service worker kept.
 */
export function StatementChanges({ items }: { items: readonly StatementChange[] }) {
  const shown = items.flatMap((item) => {
    const lines = item.seen ? changeLines(item.seen, item.now) : currentLines(item.now);
    return lines ? [{ ...item, lines }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <>
      <h3 className={styles.heading}>Что изменилось</h3>
      <ul className={styles.changes}>
        {shown.map(({ id, title, lines }) => (
          <li key={id} className={styles.change}>
            <span className={styles.name}>{title}</span>
            {lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
