import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { BillsList } from '#client/features/bills/bills-list.tsx';
import {
  billsSearchFromFilter,
  billsSearchSchema,
  filterFromBillsSearch,
} from '#client/features/bills/bills-search.ts';

export const Route = createFileRoute('/cabinet/bills')({
  // The filter is in the address (ADR 0022).
  validateSearch: billsSearchSchema,
  component: BillsRoute,
});

/** The cabinet layout renders this only for a logged-in user. */
function BillsRoute() {
  const userId = useAccountStore((state) => state.user?.id);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (userId === undefined) return null;
  return (
    <BillsList
      userId={userId}
      filter={filterFromBillsSearch(search)}
      onFilterChange={(filter) => void navigate({ search: billsSearchFromFilter(filter), replace: true })}
    />
  );
}
