import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { NotificationsPage } from '#client/features/notifications/notifications-page.tsx';

// A courier may read its own notifications (the allow-list of ADR 0042): the clinic's page, as is.
export const Route = createFileRoute('/courier/notifications')({
  component: () => <NotificationsPage onRead={() => void useAccountStore.getState().refresh()} />,
});
