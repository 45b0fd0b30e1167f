import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { BillsList } from '#client/features/bills/bills-list.tsx';

export const Route = createFileRoute('/cabinet/bills')({
  component: BillsRoute,
});

/** The cabinet layout renders this only for a logged-in user. */
function BillsRoute() {
  const userId = useAccountStore((state) => state.user?.id);
  return userId === undefined ? null : <BillsList userId={userId} />;
}
