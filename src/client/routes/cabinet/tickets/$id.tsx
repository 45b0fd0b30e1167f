import { useEffect, useMemo } from 'react';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { parsePathId } from '#shared/api/ids.ts';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { useDecisionDialog, type DecisionKind } from '#client/features/decisions/decision-dialog-store.ts';
import { TicketNotFound } from '#client/features/tickets/ticket-page-states.tsx';
import { TicketPage } from '#client/features/tickets/ticket-page.tsx';
import { pendingStatementIds, useOutbox } from '#client/lib/sw-bridge.ts';

export const Route = createFileRoute('/cabinet/tickets/$id')({
  // The ticket number as the API reads a path id (src/shared/api/ids.ts): anything else is not found.
  params: {
    parse: ({ id }) => {
      const ticketId = parsePathId(id);
      if (ticketId === null) throw notFound();
      return { id: ticketId };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: TicketRoute,
  notFoundComponent: TicketNotFound,
});

/** Wires the ticket page to the decision popups (features never import each other; the route does). */
function TicketRoute() {
  const { id } = Route.useParams();
  const outbox = useOutbox((state) => state.entries);
  const pendingIds = useMemo(() => pendingStatementIds(outbox, id), [outbox, id]);
  // The popups this page opens (hosted lazily by the cabinet layout, features/decisions/lazy-hosts.tsx)
  // load with it, so a tap on 'Согласовать' never waits for their chunk. A dynamic import, not an
  // import of lazy-hosts: that would cut the layout's hosts into a chunk of their own.
  useEffect(() => {
    void import('#client/features/decisions/decision-dialogs.tsx').catch(() => {}); // a failure shows when a popup opens
  }, []);

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
