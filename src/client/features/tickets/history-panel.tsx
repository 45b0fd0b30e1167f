import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { SkeletonText } from '#client/components/ui/skeleton.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { fetchTicketHistory } from './ticket-api.ts';
import { HighlightText } from './highlight-text.tsx';
import { ticketClock, ticketDate } from './ticket-page-format.ts';
import styles from './history-panel.module.css';

export interface HistoryPanelProps {
  ticketId: number;
  id?: string;
  /** Back to the statements (the button, Escape); the page returns focus to the toggle. */
  onClose(): void;
}

/**
 * The ticket's history (cabinet.md §2 History panel): Дата and Действие, loaded when the panel opens.
 * It takes the statements' place, so it carries its own way back: on a phone the summary's toggle
 * is a screen above. Opening brings the reader to its title.
 */
export function HistoryPanel({ ticketId, id, onClose }: HistoryPanelProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };
  const history = useRemote((signal) => fetchTicketHistory(ticketId, signal), ticketId);

  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any of the panel's controls closes it, as its «Вернуться» button does.
    <section
      id={id}
      className={styles.panel}
      aria-labelledby="ticket-history-title"
      aria-busy={history.loading}
      onKeyDown={onKeyDown}
    >
      <Button variant="link" className={styles.back} onClick={onClose}>
        <Icon name="chevron" size={18} className={styles.backIcon} />
        Вернуться к ведомостям
      </Button>
      <h2 id="ticket-history-title" ref={titleRef} tabIndex={-1} className={styles.title}>
        История заявки
      </h2>
      {/* While the next answer loads (Повторить, another ticket), the skeleton, not the last one. */}
      <RemoteView
        remote={history}
        keepLastData={false}
        retryClassName={styles.error}
        skeleton={
          <div className={styles.skeleton}>
            <output className="visually-hidden">Загрузка истории…</output>
            <SkeletonText lines={4} />
          </div>
        }
        empty={<p className={styles.empty}>Список пуст</p>}
      >
        {(items) => (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Дата</th>
                <th scope="col">Действие</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={`${item.created_at}-${index}`}>
                  <td className={styles.date}>
                    <span>{ticketDate(item.created_at)}</span>{' '}
                    <span className={styles.time}>{ticketClock(item.created_at)}</span>
                  </td>
                  <td>
                    <p className={styles.description}>
                      <HighlightText text={item.description} />
                    </p>
                    {item.subject.type === 'Ticket' && item.subject.id !== null && item.subject.id !== ticketId && (
                      <Link to="/cabinet/tickets/$id" params={{ id: item.subject.id }} className={styles.link}>
                        Перейти к заявке
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </RemoteView>
    </section>
  );
}
