import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { TicketsList } from '#client/features/tickets/tickets-list.tsx';

export const Route = createFileRoute('/cabinet/tickets/')({
  component: TicketsRoute,
});

/** The cabinet layout renders this only for a logged-in user. */
function TicketsRoute() {
  const userId = useAccountStore((state) => state.user?.id);
  return userId === undefined ? null : <TicketsList userId={userId} />;
}
