import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { savedCopyAt, useNoConnection, useOnReconnect } from '#client/lib/connection.ts';
import { useIsDesktop } from '#client/lib/use-media.ts';
import { useStandalone } from '#client/lib/standalone.ts';
import { HistoryPanel } from './history-panel.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { TicketContent } from './ticket-page-content.tsx';
import { TicketLoadFailed, TicketNotFound } from './ticket-page-states.tsx';
import { isServiceCentre } from './ticket-page-office.tsx';
import { TicketPageSkeleton } from './ticket-page-skeleton.tsx';
import { CourierVisits } from './courier-visits.tsx';
import { TicketRequestCard } from './ticket-request-card.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { loadTicket, useTicketStore } from './ticket-store.ts';
import { TicketSummary } from './ticket-summary.tsx';
import styles from './ticket-page.module.css';

export interface TicketPageProps {
  id: number;
  /** Approve these statements (one, the ticked ones, or all not agreed); the route opens the decision popup. */
  onApprove(statements: DefectStatement[]): void;
  /** Reject these statements (one, the ticked ones, or all not agreed). */
  onReject(statements: DefectStatement[]): void;
  onDiscuss(statement: DefectStatement): void;
  onTradeIn(statement: DefectStatement): void;
  /** Statements with a decision kept by the service worker, not sent yet: shown as waiting. */
  pendingIds?: readonly number[];
}

const RIGHT_COLUMN_ID = 'ticket-main-column';
const NO_IDS: readonly number[] = [];

/** The ticket page (cabinet.md §2 Ticket page): the summary on the left, the history or the statements on the right. */
export function TicketPage({ id, onApprove, onReject, onDiscuss, onTradeIn, pendingIds = NO_IDS }: TicketPageProps) {
  const cached = useTicketStore((state) => state.tickets[id]);
  const storedSelection = useTicketStore((state) => state.selected[id] ?? NO_IDS);
  // Loaded again when another part of the app asks (reloadTicket: a decision applied) and when the account changes.
  const asked = useTicketStore((state) => state.asked[id] ?? 0);
  const remote = useRemote((signal) => loadTicket(id, signal), `${id}#${asked}`);
  const setSelected = useTicketStore((state) => state.setSelected);
  const noConnection = useNoConnection();
  const desktop = useIsDesktop();
  const standalone = useStandalone();
  // The ticket whose history is open: another ticket (a 'Перейти к заявке' link) opens with it closed.
  const [historyFor, setHistoryFor] = useState<number | null>(null);
  const historyOpen = historyFor === id;
  const historyToggle = useRef<HTMLButtonElement>(null);
  const closeHistory = useCallback(() => {
    setHistoryFor(null);
    // The panel that had focus goes: the reader goes back to where the history was opened.
    historyToggle.current?.focus();
  }, []);

  useDocumentTitle(`Заявка на ремонт №${id}`);

  // A statement whose decision waits to be sent is decided as far as the user is concerned: its tick
  // goes (it must not ride along in 'Согласовать выбранные' or the bottom bar).
  const selectedIds = useMemo(
    () => storedSelection.filter((statementId) => !pendingIds.includes(statementId)),
    [storedSelection, pendingIds],
  );
  useEffect(() => {
    for (const statementId of storedSelection)
      if (pendingIds.includes(statementId)) setSelected(id, statementId, false);
  }, [id, storedSelection, pendingIds, setSelected]);

  const ticket = cached?.ticket;
  const selected = useMemo(
    () => ticket?.defective_lists.filter((statement) => selectedIds.includes(statement.id)) ?? [],
    [ticket, selectedIds],
  );
  const onSelectedChange = useCallback(
    (statement: DefectStatement, on: boolean) => setSelected(id, statement.id, on),
    [id, setSelected],
  );
  const retry = remote.reload;
  // The connection is back: the saved copy makes way for the server's.
  useOnReconnect(retry);

  const error = remote.failure ?? null;
  if (!ticket) {
    if (!remote.loading && remote.data?.notFound) return <TicketNotFound />;
    if (error) return <TicketLoadFailed id={id} message={error} onRetry={retry} />;
    // Also while the saved copy is read back from IndexedDB: a few milliseconds of the same shape.
    return <TicketPageSkeleton />;
  }

  // Until the answer comes, the copy shown stays what it was (the worker's saved one or not).
  const savedAt = savedCopyAt(cached.fetchedAt, {
    cached: remote.data?.cached ?? false,
    failed: error !== null,
    noConnection,
  });
  // 'Только заявки' reads the owner's ticket without prices (cost null): no decisions either (ADR 0049).
  const massActions =
    !isServiceCentre(ticket.office) && ticket.defective_lists.length > 0 && !ticket.finished && ticket.cost !== null;
  const showBar = massActions && !desktop && selected.length > 0;

  return (
    <div className={styles.page}>
      <div className={styles.summaryColumn}>
        <TicketSummary
          ticket={ticket}
          savedAt={savedAt}
          massActions={massActions ? { selected, desktop, pendingIds, onApprove, onReject } : null}
          historyOpen={historyOpen}
          historyPanelId={RIGHT_COLUMN_ID}
          historyToggleRef={historyToggle}
          onToggleHistory={() => setHistoryFor(historyOpen ? null : id)}
        />
      </div>
      <div id={RIGHT_COLUMN_ID} className={styles.mainColumn}>
        {/* With no connection the offline banner and the age say it: no red box over the saved copy. */}
        {error && !noConnection && (
          <div className={styles.stale} role="alert">
            <p>Не удалось обновить заявку: {error}</p>
            <Button variant="secondary" onClick={retry} loading={remote.loading}>
              Повторить
            </Button>
          </div>
        )}
        {historyOpen ? (
          <HistoryPanel ticketId={ticket.id} onClose={closeHistory} />
        ) : (
          <>
            <CourierVisits ticket={ticket} />
            <TicketRequestCard ticket={ticket} />
            <TicketContent
              ticket={ticket}
              selectedIds={selectedIds}
              pendingIds={pendingIds}
              onSelectedChange={onSelectedChange}
              onApprove={(statement) => onApprove([statement])}
              onReject={(statement) => onReject([statement])}
              onDiscuss={onDiscuss}
              onTradeIn={onTradeIn}
            />
          </>
        )}
      </div>
      {showBar && <SelectionBar selected={selected} standalone={standalone} onApprove={onApprove} />}
    </div>
  );
}
