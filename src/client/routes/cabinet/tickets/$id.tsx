import { useEffect, useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { useDecisionDialog, type DecisionKind } from '#client/features/decisions/decision-dialog-store.ts';
import { TicketNotFound } from '#client/features/tickets/ticket-page-states.tsx';
import { TicketPage } from '#client/features/tickets/ticket-page.tsx';
import { pendingStatementIds, useOutbox } from '#client/lib/sw-bridge.ts';

export const Route = createFileRoute('/cabinet/tickets/$id')({
  component: TicketRoute,
});

/** A ticket number as the path gives it: digits only, like the API's id (1 … 2 000 000 000). */
function parseTicketId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_000_000_000 ? id : null;
}

/** Wires the ticket page to the decision popups (features never import each other; the route does). */
function TicketRoute() {
  const { id: rawId } = Route.useParams();
  const id = parseTicketId(rawId);
  const outbox = useOutbox((state) => state.entries);
  const pendingIds = useMemo(() => (id === null ? [] : pendingStatementIds(outbox, id)), [outbox, id]);
  // The popups this page opens (hosted lazily by the cabinet layout, features/decisions/lazy-hosts.tsx)
  // load with it, so a tap on 'Согласовать' never waits for their chunk. A dynamic import, not an
  // import of lazy-hosts: that would cut the layout's hosts into a chunk of their own.
  useEffect(() => {
    void import('#client/features/decisions/decision-dialogs.tsx').catch(() => {}); // a failure shows when a popup opens
  }, []);
  if (id === null) return <TicketNotFound />;

  const open = (kind: DecisionKind, statements: DefectStatement[]) =>
    useDecisionDialog.getState().open({ kind, ticketId: id, statements });

  return (
    <TicketPage
      id={id}
      onApprove={(statements) => open('approve', statements)}
      onReject={(statements) => open('reject', statements)}
      onDiscuss={(statement) => open('discuss', [statement])}
      onTradeIn={(statement) => open('trade-in', [statement])}
      pendingIds={pendingIds}
    />
  );
}
