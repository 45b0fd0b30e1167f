import { useState } from 'react';
import * as v from 'valibot';
import { conflictDetails, decisionMessages } from '#shared/screens/decisions.ts';
import { errorResponse, isAccessLevelRefusal } from '#shared/api/endpoint.ts';
import type { OutboxEntry, OutboxKind } from '#shared/screens/outbox.ts';
import { countOf, INSTRUMENT_FORMS } from '#shared/format/plural.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useNoConnection } from '#client/lib/connection.ts';
import { discardOutbox, retryOutbox, useOutbox, visibleEntries } from '#client/lib/sw-bridge.ts';
import { StatementChanges } from './statement-changes.tsx';
import styles from './outbox-panel.module.css';
import { useStatementNames } from './statement-names.ts';

const KIND_LABELS: Record<OutboxKind, string> = {
  approve: 'Согласование ремонта',
  reject: 'Отказ от ремонта',
  discuss: 'Вопрос по ремонту',
  'trade-in': 'Обмен на новый инструмент',
  'repair-request': 'Заявка на ремонт',
  // A courier's (a courier never sees this panel: its section lists them itself).
  'stop-en-route': 'Отметка «Еду»',
  'stop-done': 'Отметка о передаче инструментов',
  'stop-failed': 'Отметка «Не застал»',
};

/** The panel's title: while something is still to be sent, and when only refused or failed ones are left. */
export const PANEL_TITLES = {
  waiting: 'Решения, ожидающие отправки',
  attention: 'Решения, требующие внимания',
  /** The same when a repair request is among them. */
  requestsWaiting: 'Ожидают отправки',
  requestsAttention: 'Требуют внимания',
} as const;

function panelTitle(entries: readonly OutboxEntry[]): string {
  const waiting = entries.some((entry) => WAITING_STATES.has(entry.state));
  if (entries.some((entry) => entry.kind === 'repair-request'))
    return waiting ? PANEL_TITLES.requestsWaiting : PANEL_TITLES.requestsAttention;
  return waiting ? PANEL_TITLES.waiting : PANEL_TITLES.attention;
}

/** All the panel reads of a kept repair request (the worker checked it against the contract). */
const requestInstruments = v.object({ instruments: v.pipe(v.array(v.unknown()), v.minLength(1)) });

/** 'Заявка на ремонт' with what it asks for; a decision with its ticket's number. */
function entryName(entry: OutboxEntry): string {
  if (entry.ticketId !== null) return `${KIND_LABELS[entry.kind]}, заявка №${entry.ticketId}`;
  const request = v.safeParse(requestInstruments, entry.body);
  return request.success
    ? `${KIND_LABELS[entry.kind]}: ${countOf(request.output.instruments.length, INSTRUMENT_FORMS)}`
    : KIND_LABELS[entry.kind];
}
const WAITING_STATES = new Set<OutboxEntry['state']>(['queued', 'sending', 'auth']);
/** Waiting for the network alone: they go by themselves, nothing for the user to do. */
const NETWORK_WAITING_STATES = new Set<OutboxEntry['state']>(['queued', 'sending']);

/** The folded panel's line with no connection. */
export const WAITING_FOR_CONNECTION_TEXT = 'Отправятся сами, когда появится связь.';

function stateText(entry: OutboxEntry): string {
  switch (entry.state) {
    case 'queued':
      return entry.attempts > 0 && entry.lastError ? `Ожидает отправки. ${entry.lastError}` : 'Ожидает отправки';
    case 'sending':
      return 'Отправляется…';
    case 'auth':
      return 'Войдите снова, чтобы отправить решение';
    case 'failed':
      return `Не отправлено${entry.lastError ? `: ${entry.lastError}` : ''}`;
    case 'conflict':
    case 'done':
      return '';
  }
}

/** A refused decision: the server's message and, per statement, what changed since the user decided. */
function ConflictInfo({ entry, names }: { entry: OutboxEntry; names: ReadonlyMap<number, string> }) {
  const parsed = v.safeParse(errorResponse, entry.result);
  const message = (parsed.success ? parsed.output.message : undefined) ?? decisionMessages.conflict;
  const details = v.safeParse(conflictDetails, parsed.success ? parsed.output.details : undefined);
  const items = (details.success ? details.output.statements : []).map((now) => {
    const seen = entry.statements.find((statement) => statement.id === now.id);
    return {
      id: now.id,
      title: names.get(now.id) ?? <>Ведомость №&nbsp;{now.id}</>,
      seen: seen?.terms ? { version: seen.version, ...seen.terms } : undefined,
      now,
    };
  });
  // A level that no longer gives decisions (issue 41): nothing went wrong and nothing will change by
  // trying again, so the server's explanation is told plainly, not as an error.
  const levelRefusal = isAccessLevelRefusal(entry.result);
  return (
    <>
      <p className={levelRefusal ? styles.state : styles.error} data-tone={levelRefusal ? 'info' : 'error'}>
        {message}
      </p>
      <StatementChanges items={items} />
    </>
  );
}

export interface OutboxPanelProps {
  /** An entry waits for a new login: open the login form. */
  onLogin: () => void;
}

/**
 * The decisions made with no network that the service worker keeps (ADR 0010): waiting, failed,
 * refused or waiting for a login, each with 'Повторить' and 'Удалить'. Hidden when there are none.
 */
export function OutboxPanel({ onLogin }: OutboxPanelProps) {
  const all = useOutbox((state) => state.entries);
  const entries = visibleEntries(all);
  const names = useStatementNames(entries.flatMap((entry) => entry.ticketId ?? []));
  const noConnection = useNoConnection();
  const [unfolded, setUnfolded] = useState(false);
  if (entries.length === 0) return null;
  // With no connection, decisions that only wait for it are one line under the offline banner: each
  // with its buttons would push the page's first rows to the bottom of a phone's screen. 'Показать'
  // opens them (to delete one).
  const folded = noConnection && !unfolded && entries.every((entry) => NETWORK_WAITING_STATES.has(entry.state));

  return (
    <section className={styles.panel} aria-labelledby="outbox-panel-title">
      <h2 id="outbox-panel-title" className={styles.title}>
        {panelTitle(entries)}
      </h2>
      {folded ? (
        <p className={styles.folded}>
          <span className={styles.state}>{WAITING_FOR_CONNECTION_TEXT}</span>
          <Button variant="link" aria-expanded={false} onClick={() => setUnfolded(true)}>
            Показать ({entries.length})
          </Button>
        </p>
      ) : (
        <OutboxEntries entries={entries} names={names} onLogin={onLogin} />
      )}
    </section>
  );
}

function OutboxEntries({
  entries,
  names,
  onLogin,
}: {
  entries: readonly OutboxEntry[];
  names: ReadonlyMap<number, string>;
  onLogin: () => void;
}) {
  return (
    <ul className={styles.list}>
      {entries.map((entry) => {
        const name = entryName(entry);
        const count = entry.statements.length;
        const instruments = entry.statements.flatMap((statement) => names.get(statement.id) ?? []);
        return (
          <li key={entry.id} className={styles.entry} aria-label={name} data-state={entry.state}>
            <p className={styles.name}>
              {name}
              {count > 1 ? <span className={styles.muted}> (ведомостей: {count})</span> : null}
            </p>
            {entry.state !== 'conflict' && instruments.length > 0 ? (
              <p className={styles.state}>{instruments.join(', ')}</p>
            ) : null}
            {entry.state === 'conflict' ? (
              <ConflictInfo entry={entry} names={names} />
            ) : (
              <p className={entry.state === 'failed' ? styles.error : styles.state}>{stateText(entry)}</p>
            )}
            {entry.state !== 'sending' ? (
              <div className={styles.actions}>
                {entry.state === 'auth' ? (
                  <Button variant="secondary" onClick={onLogin}>
                    Войти
                  </Button>
                ) : null}
                {entry.state !== 'conflict' ? (
                  <Button variant="secondary" onClick={() => retryOutbox(entry.id)}>
                    Повторить
                  </Button>
                ) : null}
                <Button variant="secondary" onClick={() => discardOutbox(entry.id)}>
                  Удалить
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
