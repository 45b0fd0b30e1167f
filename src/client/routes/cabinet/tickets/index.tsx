import { useEffect, useRef } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { useRepairSheet } from '#client/features/repair/repair-sheet-store.ts';
import { TicketsList } from '#client/features/tickets/tickets-list.tsx';
import { useTicketsListStore } from '#client/features/tickets/tickets-list-store.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { filterFromSearch, searchFromFilter, ticketsSearchSchema } from '#client/features/tickets/tickets-search.ts';

// A colleague's 'Оставить заявку от имени клиники' (issue 41): its own chunk, loaded only for an
// account some clinic gave access to, so the list's cold path stays as it was.
const OnBehalfButtons = lazyComponent(() =>
  import('#client/features/repair/on-behalf-button.tsx').then((module) => module.OnBehalfButtons),
);

export const Route = createFileRoute('/cabinet/tickets/')({
  // The filters are in the address (ADR 0022).
  validateSearch: ticketsSearchSchema,
  component: TicketsRoute,
});

/** The cabinet layout renders this only for a logged-in user. */
function TicketsRoute() {
  const userId = useAccountStore((state) => state.user?.id);
  const colleague = useAccountStore((state) => (state.user?.access_owner_ids.length ?? 0) > 0);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // A request sent from the repair sheet over this list ('Мои заявки' stays on it): the list shows it.
  // Those sent before it was mounted are in its first load already.
  const sent = useRepairSheet((state) => state.sent);
  const shownSent = useRef(sent);
  useEffect(() => {
    if (sent === shownSent.current) return;
    shownSent.current = sent;
    useTicketsListStore.getState().reload();
  }, [sent]);
  if (userId === undefined) return null;
  return (
    <TicketsList
      userId={userId}
      filter={filterFromSearch(search)}
      actions={colleague ? <OnBehalfButtons /> : null}
      // Replaced, not pushed: Back leaves the list (with its filters) rather than undoing them one by one.
      onFilterChange={(filter) => void navigate({ search: searchFromFilter(filter), replace: true })}
    />
  );
}
