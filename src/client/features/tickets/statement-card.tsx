import {
  AGREED,
  awaitsDecision,
  decisionClosedReason,
  DECISION_BADGES,
  isUndecided,
  showsDecision,
  statementBadgeLabel,
  type DecisionClosedReason,
} from '#shared/dictionaries/statement-decisions.ts';
import { useId, useState } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { instrumentDisplayName } from '#shared/dictionaries/instruments.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { MoreToggle } from './more-toggle.tsx';
import { InstrumentFacts } from './instrument-facts.tsx';
import { StatementDetails, statementCost } from './statement-card-details.tsx';
import { DiscussionAnswer } from './discussion-answer.tsx';
import styles from './statement-card.module.css';

/** How the card introduces what the clinic wrote with its decision. */
const COMMENT_LABELS: Readonly<Record<number, string>> = {
  [AGREED.discussed]: 'Ваш вопрос:',
  [AGREED.rejected]: 'Причина отказа:',
};

/**
 * The badge: the clinic's decision ('Ожидает отправки' while the outbox keeps it) or, once the back
 * office set a later status, that status. Screen readers hear which of the two it is.
 */
function StatementBadge({ statement, pending }: { statement: DefectStatement; pending: boolean }) {
  const waiting = pending && isUndecided(statement);
  const decision = waiting || showsDecision(statement);
  return (
    <span
      className={styles.status}
      data-badge=""
      data-status={decision ? undefined : statement.status}
      data-agreed={decision && !waiting ? statement.agreed : undefined}
      data-pending={waiting || undefined}
    >
      <span className="visually-hidden">{decision ? 'Решение: ' : 'Статус: '}</span>
      {statementBadgeLabel(statement, pending)}
    </span>
  );
}

/**
 * Under the buttons' place once decided: what the clinic wrote with its decision, the new instrument
 * and its price of a trade-in, and the decision itself when the badge shows the back office's later
 * status instead.
 */
function DecisionNote({ statement }: { statement: DefectStatement }) {
  // A colleague's or the owner's question is theirs, not 'Ваш' (cabinet.md §2 Accesses).
  const commentLabel =
    statement.agreed === AGREED.discussed && statement.decision_author
      ? `Вопрос от ${statement.decision_author}:`
      : COMMENT_LABELS[statement.agreed];
  const comment = commentLabel && statement.decision_comment ? statement.decision_comment : null;
  const hiddenDecision = showsDecision(statement) ? null : (DECISION_BADGES[statement.agreed] ?? null);
  const tradeIn = statement.agreed === AGREED.tradeIn ? statement.trade_in : null;
  if (!comment && !hiddenDecision && !tradeIn) return null;
  return (
    <div className={styles.decision} data-agreed={statement.agreed}>
      {hiddenDecision && (
        <p>
          <span className={styles.decisionLabel}>Решение:</span> {hiddenDecision}
        </p>
      )}
      {tradeIn && (
        <p>
          <span className={styles.decisionLabel}>Новый инструмент:</span> «{tradeIn.name}»
          {tradeIn.sum === null ? '' : ` за ${formatMoney(tradeIn.sum)}`}
        </p>
      )}
      {comment && (
        <p className={styles.comment}>
          <span className={styles.decisionLabel}>{commentLabel}</span> {comment}
        </p>
      )}
    </div>
  );
}

/** Why an undecided statement shows no buttons: the badge says 'Закрыта' or 'Отменена', this line says who and what follows. */
const CLOSED_NOTES: Readonly<Record<DecisionClosedReason, string>> = {
  ticketFinished: 'Заявка завершена: решение по ведомости больше не требуется.',
  statementClosed: 'Сервисный центр закрыл ведомость: решение по ней больше не требуется.',
  statementCancelled: 'Сервисный центр отменил ведомость: решение по ней больше не требуется.',
};

function ClosedNote({ reason }: { reason: DecisionClosedReason }) {
  return (
    <p className={styles.decision} data-closed={reason}>
      {CLOSED_NOTES[reason]}
    </p>
  );
}

export interface StatementActions {
  onApprove(statement: DefectStatement): void;
  onReject(statement: DefectStatement): void;
  onDiscuss(statement: DefectStatement): void;
  onTradeIn(statement: DefectStatement): void;
}

export interface StatementCardProps extends StatementActions {
  statement: DefectStatement;
  /** The ticket is finished: no decision is taken on any of its statements any more. */
  ticketFinished: boolean;
  selected: boolean;
  /** A decision on it is kept by the service worker and not sent yet: no buttons, 'Ожидает отправки'. */
  pending?: boolean;
  /** The viewer's access is 'Только заявки' (ADR 0049): no checkbox, no decision buttons. */
  readOnly?: boolean;
  onSelectedChange(statement: DefectStatement, selected: boolean): void;
}

/** One defect statement (cabinet.md §2 Defect statement card). */
export function StatementCard({
  statement,
  ticketFinished,
  selected,
  pending = false,
  readOnly = false,
  onSelectedChange,
  ...actions
}: StatementCardProps) {
  const [open, setOpen] = useState(false);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const detailsId = `${baseId}-details`;
  const notAgreed = awaitsDecision(statement, { finished: ticketFinished }) && !pending && !readOnly;
  const closedReason =
    isUndecided(statement) && !pending ? decisionClosedReason(statement, { finished: ticketFinished }) : null;
  const title = instrumentDisplayName(statement);

  return (
    <article
      className={[styles.card, selected ? styles.selected : ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <div className={styles.head}>
        {notAgreed && (
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
        <StatementBadge statement={statement} pending={pending} />
      </div>

      <InstrumentFacts
        serial={statement.series}
        type={statement.type}
        note={{ label: 'Дефект', text: statement.defect }}
      />

      <MoreToggle open={open} onToggle={() => setOpen((value) => !value)} controls={detailsId}>
        Подробнее
      </MoreToggle>
      <div id={detailsId} hidden={!open}>
        {open && <StatementDetails statement={statement} />}
      </div>

      {statement.answer && <DiscussionAnswer answer={statement.answer} />}
      {notAgreed ? (
        <p className={styles.costLine}>
          Стоимость работ: <span className={styles.cost}>{statementCost(statement.sum)}</span>
        </p>
      ) : null}
      {notAgreed ? (
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
      ) : closedReason ? (
        <ClosedNote reason={closedReason} />
      ) : (
        <DecisionNote statement={statement} />
      )}
    </article>
  );
}
