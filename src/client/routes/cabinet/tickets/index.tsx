import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { TicketsList } from '#client/features/tickets/tickets-list.tsx';
import { filterFromSearch, searchFromFilter, ticketsSearchSchema } from '#client/features/tickets/tickets-search.ts';

export const Route = createFileRoute('/cabinet/tickets/')({
  // The filters are in the address (ADR 0022).
  validateSearch: ticketsSearchSchema,
  component: TicketsRoute,
});

/** The cabinet layout renders this only for a logged-in user. */
function TicketsRoute() {
  const userId = useAccountStore((state) => state.user?.id);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (userId === undefined) return null;
  return (
    <TicketsList
      userId={userId}
      filter={filterFromSearch(search)}
      // Replaced, not pushed: Back leaves the list (with its filters) rather than undoing them one by one.
      onFilterChange={(filter) => void navigate({ search: searchFromFilter(filter), replace: true })}
    />
  );
}
